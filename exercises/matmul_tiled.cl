// matmul_tiled: C = A x B through tiles of A and B in local memory.
//
// A is M x K, B is K x N, C is M x N, all float and stored row by row. The work-groups are
// square, TS x TS work-items, and work-group (gx, gy) computes the TS x TS block of C whose
// top-left element is row gy*TS, column gx*TS: work-item (lx, ly) computes C at row
// `row`, column `col` below. Asub and Bsub are TS*TS floats of local memory each, one tile
// of A and one of B, stored row by row (element (r, c) of a tile is at r * TS + c).
// No size is a multiple of TS. Read lessons/en/matmul_tiled.md first (clings shows it).
__kernel void matmul(__global const float *A, __global const float *B, __global float *C,
		     __local float *Asub, __local float *Bsub, uint M, uint N, uint K)
{
	uint TS = get_local_size(0);            // the tile's edge
	uint lx = get_local_id(0), ly = get_local_id(1);
	uint col = get_global_id(0);            // column of C (and of B)
	uint row = get_global_id(1);            // row of C (and of A)
	float acc = 0.0f;

	for (uint t = 0; t < K; t += TS) {
		// TODO 1: copy one element of each tile: A at row `row`, column t + lx into
		//         Asub[ly * TS + lx], and B at row t + ly, column `col` into
		//         Bsub[ly * TS + lx]. An element outside its matrix is stored as 0.

		// TODO 2: wait until both tiles are whole.

		// TODO 3: add this tile's TS products of row ly of Asub and column lx of Bsub
		//         to acc.

		// TODO 4: wait until every work-item is done with the tiles before the next
		//         round overwrites them.
	}
	// TODO 5: write acc to C, if (row, col) lies inside C.
}
