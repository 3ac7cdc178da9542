// expect: requirement_unmet line 21
// diagnosis: uncoalesced_access
// message: read `a` together
// Correct and padded, but lx walks down the rows of a and of trA: neighbouring work-items are
// a whole row apart in global memory on both sides, and the tile buys nothing.
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

	for (uint k = ly; k < T; k += ROWS)
		if (row0 + lx < rowsA && col0 + k < columnsA)
			tile[lx][k] = a[(row0 + lx) * columnsA + col0 + k];

	barrier(CLK_LOCAL_MEM_FENCE);

	// Row col0 + k of trA is column col0 + k of a, that is tile column k.
	for (uint k = ly; k < T; k += ROWS)
		if (col0 + lx < columnsA && row0 + k < rowsA)
			trA[(col0 + lx) * rowsA + row0 + k] = tile[k][lx];
}
