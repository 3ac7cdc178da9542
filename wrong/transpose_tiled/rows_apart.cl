// expect: requirement_unmet line 15
// diagnosis: uncoalesced_access
// message: read `a` together
// message: touches 12.0 different 32-byte sectors on average, where 3.0
// Right results through a tile, but with the naive kernel's mapping: li walks down the rows of
// a and of trA, so neighbouring work-items are a whole row apart on both sides.
#define T 16
__kernel void matrixtranspose(__global const int *a, __global int *trA, ushort columnsA, ushort rowsA)
{
	__local int tile[T][T];
	int li = get_local_id(0), lj = get_local_id(1);
	int i = get_global_id(0), j = get_global_id(1);

	if (i < rowsA && j < columnsA)
		tile[lj][li] = a[i * columnsA + j];
	barrier(CLK_LOCAL_MEM_FENCE);

	/* the group's block of trA: group indices swapped */
	i = get_group_id(1) * T + li;
	j = get_group_id(0) * T + lj;
	if (i < columnsA && j < rowsA)
		trA[i * rowsA + j] = tile[li][lj];
}
