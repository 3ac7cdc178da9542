// expect: uninitialized line 22
// Guards the store with the bounds of a instead of those of trA: on a matrix
// that is not square, the store copies tile slots that no work-item loaded.
#define T 16

__kernel void matrixtranspose(__global const int *a, __global int *trA,
			      ushort columnsA, ushort rowsA)
{
	__local int tile[T][T + 1];
	uint lx = get_local_id(0);
	uint ly = get_local_id(1);
	uint row0 = get_group_id(0) * T;
	uint col0 = get_group_id(1) * T;

	uint r = row0 + ly, c = col0 + lx;
	if (r < rowsA && c < columnsA)
		tile[ly][lx] = a[r * columnsA + c];
	barrier(CLK_LOCAL_MEM_FENCE);

	uint tr = col0 + ly, tc = row0 + lx;
	if (tr < rowsA && tc < columnsA)
		trA[tr * rowsA + tc] = tile[lx][ly];
}
