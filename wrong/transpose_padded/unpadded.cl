// expect: requirement_unmet line 29
// diagnosis: bank_conflict
// message: up to 32 of them need different words of the same bank
// message: with rows of 33 ints
// Correct, but with a 32 x 32 tile: the 32 work-items of a warp reading down a column all
// land in one bank.
#define T 32
#define ROWS 8   // work-items per column of the block: each moves T / ROWS elements

__kernel void matrixtranspose(__global const int *a, __global int *trA,
			      ushort columnsA, ushort rowsA)
{
	// One spare column: walking down a column of the tile then steps T + 1 words at a
	// time, which puts each work-item of a warp in a different bank.
	__local int tile[T][T];

	uint lx = get_local_id(0), ly = get_local_id(1);
	uint row0 = get_group_id(0) * T, col0 = get_group_id(1) * T;

	for (uint k = ly; k < T; k += ROWS)
		if (row0 + k < rowsA && col0 + lx < columnsA)
			tile[k][lx] = a[(row0 + k) * columnsA + col0 + lx];

	barrier(CLK_LOCAL_MEM_FENCE);

	// Row col0 + k of trA is column col0 + k of a, that is tile column k.
	for (uint k = ly; k < T; k += ROWS)
		if (col0 + k < columnsA && row0 + lx < rowsA)
			trA[(col0 + k) * rowsA + row0 + lx] = tile[lx][k];
}
