// matrixtranspose, padded: trA (columnsA x rowsA) is the transpose of a
// (rowsA x columnsA); both are stored row by row.
//
// Same launch as transpose_tiled: a 2-D NDRange with local size (16, 16);
// group (g0, g1) owns the block of `a` whose rows start at g0*T and whose
// columns start at g1*T. Dimension 0 of the NDRange walks the rows of `a`.
//
// This time the fast-moving local id (dimension 0, lx) walks along a row in
// memory on both sides, so both the read of `a` and the write of trA touch
// consecutive addresses. The price is that the tile is read down a column,
// and the tile needs one extra column of padding to keep that read fast.

#define T 16

__kernel void matrixtranspose(__global const int *a, __global int *trA,
			      ushort columnsA, ushort rowsA)
{
	uint lx = get_local_id(0);      // neighbouring work-items differ in lx
	uint ly = get_local_id(1);
	uint row0 = get_group_id(0) * T; // first row of a in this block
	uint col0 = get_group_id(1) * T; // first column of a in this block

	// TODO 1: declare the tile in local memory: T rows of T + 1 ints.

	// TODO 2: load. Work-item (lx, ly) reads a at row row0 + ly, column
	//         col0 + lx (when both are inside a) into tile[ly][lx].

	// TODO 3: the store below reads slots loaded by other work-items.

	// TODO 4: store. In trA, this block starts at row col0 and column row0.
	//         Work-item (lx, ly) writes trA at row col0 + ly, column row0 + lx
	//         (when both are inside trA). Which tile slot holds that element?
}
