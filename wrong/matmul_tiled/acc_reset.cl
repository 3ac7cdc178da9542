// expect: wrong_result
// diagnosis: accumulator_reset
// The sum starts again at 0 in every round of the tile loop: C gets only the last tile's
// products.
__kernel void matmul(__global const float *A, __global const float *B, __global float *C,
		     __local float *Asub, __local float *Bsub, uint M, uint N, uint K)
{
	uint TS = get_local_size(0);            // square work-groups: the tile's edge
	uint lx = get_local_id(0), ly = get_local_id(1);
	uint col = get_global_id(0);            // column of C (and of B)
	uint row = get_global_id(1);            // row of C (and of A)
	float acc = 0.0f;

	for (uint t = 0; t < K; t += TS) {
		acc = 0.0f;
		uint a_col = t + lx, b_row = t + ly;
		Asub[ly * TS + lx] = row < M && a_col < K ? A[row * K + a_col] : 0.0f;
		Bsub[ly * TS + lx] = b_row < K && col < N ? B[b_row * N + col] : 0.0f;
		barrier(CLK_LOCAL_MEM_FENCE);           // the tiles are whole

		for (uint k = 0; k < TS; k++)
			acc += Asub[ly * TS + k] * Bsub[k * TS + lx];
		barrier(CLK_LOCAL_MEM_FENCE);           // everyone is done with them
	}
	if (row < M && col < N)
		C[row * N + col] = acc;
}
