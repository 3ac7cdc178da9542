#define T 16
__kernel void matrixtranspose(__global const int *a, __global int *trA,
			      ushort columnsA, ushort rowsA)
{
	__local int tile[T][T];
	size_t loc_i = get_local_id(0), loc_j = get_local_id(1);
	size_t group_i = get_group_id(0), group_j = get_group_id(1);
	size_t i = get_global_id(0), j = get_global_id(1);

	if (i < rowsA && j < columnsA) {
		tile[loc_j][loc_i] = a[i * columnsA + j];
		barrier(CLK_LOCAL_MEM_FENCE);
	}

	i = group_j * T + loc_i;
	j = group_i * T + loc_j;
	if (i < columnsA && j < rowsA)
		trA[i * rowsA + j] = tile[loc_i][loc_j];
}
