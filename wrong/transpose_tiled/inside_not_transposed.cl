// expect: uninitialized line 20
// expect: wrong_result [--no-analysis]
// diagnosis: local_slot_unwritten
// message: block of trA holds the right values, but its inside is not transposed
// The blocks go to their mirrored place, but the tile is read back as it was stored, tile[lj][li]:
// each block arrives whole, not transposed inside.
#define T 16
__kernel void matrixtranspose(__global const int *a, __global int *trA, ushort columnsA, ushort rowsA)
{
	__local int tile[T][T];
	int li = get_local_id(0), lj = get_local_id(1);
	int g0 = get_group_id(0), g1 = get_group_id(1);
	int r = g0 * T + lj, c = g1 * T + li;
	if (r < rowsA && c < columnsA)
		tile[lj][li] = a[r * columnsA + c];
	barrier(CLK_LOCAL_MEM_FENCE);
	r = g1 * T + lj;
	c = g0 * T + li;
	if (r < columnsA && c < rowsA)
		trA[r * rowsA + c] = tile[lj][li];
}
