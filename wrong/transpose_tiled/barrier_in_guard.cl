// expect: barrier_divergence line 13
// diagnosis: barrier_divergent
// The barrier sits inside the bounds check: in the ragged groups, work-items outside the
// matrix never reach it.
#define T 16
__kernel void matrixtranspose(__global const int *a, __global int *trA, ushort columnsA, ushort rowsA)
{
	__local int tile[T][T];
	int li = get_local_id(0), lj = get_local_id(1);
	int i = get_global_id(0), j = get_global_id(1);
	if (i < rowsA && j < columnsA) {
		tile[lj][li] = a[i * columnsA + j];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	i = get_group_id(1) * T + li;
	j = get_group_id(0) * T + lj;
	if (i < columnsA && j < rowsA)
		trA[i * rowsA + j] = tile[li][lj];
}
