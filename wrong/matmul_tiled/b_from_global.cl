// expect: requirement_unmet
// diagnosis: tile_not_shared
// message: does not use `Bsub` while it runs
// Asub is a tile, but B is read straight from global memory in the products: each element of
// B is loaded TS times per work-group instead of once.
__kernel void matmul(__global const float *A, __global const float *B, __global float *C,
		     __local float *Asub, __local float *Bsub, uint M, uint N, uint K)
{
	uint TS = get_local_size(0);            // square work-groups: the tile's edge
	uint lx = get_local_id(0), ly = get_local_id(1);
	uint col = get_global_id(0);            // column of C (and of B)
	uint row = get_global_id(1);            // row of C (and of A)
	float acc = 0.0f;

	for (uint t = 0; t < K; t += TS) {
		uint a_col = t + lx, b_row = t + ly;
		Asub[ly * TS + lx] = row < M && a_col < K ? A[row * K + a_col] : 0.0f;
		barrier(CLK_LOCAL_MEM_FENCE);           // the tiles are whole

		for (uint k = 0; k < TS && t + k < K; k++)
			acc += Asub[ly * TS + k] * (col < N ? B[(t + k) * N + col] : 0.0f);
		barrier(CLK_LOCAL_MEM_FENCE);           // everyone is done with them
	}
	if (row < M && col < N)
		C[row * N + col] = acc;
}
