// expect: data_race
// diagnosis: barrier_missing
// No barrier between filling the tile and reading it: a work-item reads an element another
// work-item may not have written yet.
#define T 16
__kernel void matrixtranspose(__global const int *a, __global int *trA, ushort columnsA, ushort rowsA)
{
	__local int tile[T][T];
	int li = get_local_id(0), lj = get_local_id(1);
	int i = get_global_id(0), j = get_global_id(1);
	if (i < rowsA && j < columnsA)
		tile[lj][li] = a[i * columnsA + j];
	i = get_group_id(1) * T + li;
	j = get_group_id(0) * T + lj;
	if (i < columnsA && j < rowsA)
		trA[i * rowsA + j] = tile[li][lj];
}
