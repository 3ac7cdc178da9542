// expect: pass
// diagnosis: none
// A correct alternative: the tile has one extra column, so reading a column of the tile
// spreads the work-items of a warp over more local-memory banks.
#define T 16
__kernel void matrixtranspose(__global const int *a, __global int *trA, ushort columnsA, ushort rowsA)
{
	__local int tile[T][T + 1];
	int li = get_local_id(0), lj = get_local_id(1);
	int row = get_group_id(0) * T + lj, col = get_group_id(1) * T + li;
	if (row < rowsA && col < columnsA)
		tile[lj][li] = a[row * columnsA + col];
	barrier(CLK_LOCAL_MEM_FENCE);
	row = get_group_id(1) * T + lj;
	col = get_group_id(0) * T + li;
	if (row < columnsA && col < rowsA)
		trA[row * rowsA + col] = tile[li][lj];
}
