// matrixtranspose, padded: trA (columnsA x rowsA) is the transpose of a
// (rowsA x columnsA); both are stored row by row.
//
// Tiles of 32 x 32 this time, moved by work-groups of 32 x 8: group (g0, g1) owns the
// block of `a` whose rows start at g0*T and whose columns start at g1*T, and each
// work-item moves the rows ly, ly + 8, ly + 16 and ly + 24 of it. Dimension 0 of
// the NDRange walks the rows of `a`, as in transpose_tiled.
//
// The fast-moving local id (dimension 0, lx) walks along a row in memory on both
// sides, so a warp of 32 reads one row of `a` and writes one row of trA. The price is
// that the tile is read down a column, and the tile needs one extra column of padding
// to keep that read fast.

#define T 32
#define ROWS 8   // work-items per column of the block: each moves T / ROWS elements

__kernel void matrixtranspose(__global const int *a, __global int *trA,
			      ushort columnsA, ushort rowsA)
{
	uint lx = get_local_id(0);       // neighbouring work-items differ in lx
	uint ly = get_local_id(1);       // 0 .. ROWS - 1
	uint row0 = get_group_id(0) * T; // first row of a in this block
	uint col0 = get_group_id(1) * T; // first column of a in this block

	// TODO 1: declare the tile in local memory: T rows of T + 1 ints.

	// TODO 2: load. For k = ly, ly + ROWS, ... below T, work-item (lx, ly) reads a at
	//         row row0 + k, column col0 + lx (when both are inside a) into tile[k][lx].

	// TODO 3: the store below reads slots loaded by other work-items.

	// TODO 4: store. In trA, this block starts at row col0 and column row0. For the same
	//         k, work-item (lx, ly) writes trA at row col0 + k, column row0 + lx (when
	//         both are inside trA). Which tile slot holds that element?
}
