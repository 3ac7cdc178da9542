// matrixtranspose through a padded tile: contiguous reads and writes, no bank conflicts.
#define T 16

__kernel void matrixtranspose(__global const int *a, __global int *trA,
			      ushort columnsA, ushort rowsA)
{
	// One spare column: walking down a column of the tile then steps T + 1
	// words at a time, which lands each work-item in a different bank.
	__local int tile[T][T + 1];

	uint lx = get_local_id(0);
	uint ly = get_local_id(1);
	uint row0 = get_group_id(0) * T;
	uint col0 = get_group_id(1) * T;

	uint r = row0 + ly, c = col0 + lx;
	if (r < rowsA && c < columnsA)
		tile[ly][lx] = a[r * columnsA + c];

	barrier(CLK_LOCAL_MEM_FENCE);

	// Row col0 + ly of trA is column col0 + ly of a, that is tile column ly.
	uint tr = col0 + ly, tc = row0 + lx;
	if (tr < columnsA && tc < rowsA)
		trA[tr * rowsA + tc] = tile[lx][ly];
}
