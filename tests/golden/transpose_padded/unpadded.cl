// expect: requirement_unmet
// Correct, but with a 16 x 16 tile: the column reads hit the same banks.
#define T 16

__kernel void matrixtranspose(__global const int *a, __global int *trA,
			      ushort columnsA, ushort rowsA)
{
	__local int tile[T][T];
	uint lx = get_local_id(0);
	uint ly = get_local_id(1);
	uint row0 = get_group_id(0) * T;
	uint col0 = get_group_id(1) * T;

	uint r = row0 + ly, c = col0 + lx;
	if (r < rowsA && c < columnsA)
		tile[ly][lx] = a[r * columnsA + c];
	barrier(CLK_LOCAL_MEM_FENCE);

	uint tr = col0 + ly, tc = row0 + lx;
	if (tr < columnsA && tc < rowsA)
		trA[tr * rowsA + tc] = tile[lx][ly];
}
