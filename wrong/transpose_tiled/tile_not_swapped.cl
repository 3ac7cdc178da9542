// expect: uninitialized line 17
// diagnosis: local_slot_unwritten
// message: a starting value would only hide the bug
// The tile is written back to the group's own block: the group indices are not swapped.
#define T 16
__kernel void matrixtranspose(__global const int *a, __global int *trA, ushort columnsA, ushort rowsA)
{
	__local int tile[T][T];
	int li = get_local_id(0), lj = get_local_id(1);
	int i = get_global_id(0), j = get_global_id(1);
	if (i < rowsA && j < columnsA)
		tile[lj][li] = a[i * columnsA + j];
	barrier(CLK_LOCAL_MEM_FENCE);
	i = get_group_id(0) * T + li;
	j = get_group_id(1) * T + lj;
	if (i < columnsA && j < rowsA)
		trA[i * rowsA + j] = tile[li][lj];
}
