// expect: requirement_unmet line 13
// diagnosis: tile_not_shared
// message: touches 12.0 different 32-byte sectors on average, where 3.0
// Each element goes through the tile and comes back to the work-item that stored it: the
// local memory is a detour, and the writes to trA are the naive kernel's.
#define T 16
__kernel void matrixtranspose(__global const int *a, __global int *trA, ushort columnsA, ushort rowsA)
{
	__local int tile[T][T];
	int li = get_local_id(0), lj = get_local_id(1);
	int i = get_global_id(0), j = get_global_id(1);
	if (i < rowsA && j < columnsA)
		tile[lj][li] = a[i * columnsA + j];
	barrier(CLK_LOCAL_MEM_FENCE);
	if (i < rowsA && j < columnsA)
		trA[j * rowsA + i] = tile[lj][li];
}
