// expect: uninitialized line 27
// expect: wrong_result [--no-analysis]
// diagnosis: local_slot_unwritten
// message: must hold 0
// The loads are guarded but put nothing in the slots outside the matrices: in the last
// tile along K those slots keep what was there before, and the products add it in.
__kernel void matmul(__global const float *A, __global const float *B, __global float *C,
		     __local float *Asub, __local float *Bsub, uint M, uint N, uint K)
{
	uint TS = get_local_size(0);
	uint lx = get_local_id(0), ly = get_local_id(1);
	uint col = get_global_id(0), row = get_global_id(1);
	float acc = 0.0f;

	for (uint t = 0; t < K; t += TS) {
		uint a_col = t + lx, b_row = t + ly;
		if (row < M && a_col < K)
			Asub[ly * TS + lx] = A[row * K + a_col];
		if (b_row < K && col < N)
			Bsub[ly * TS + lx] = B[b_row * N + col];
		barrier(CLK_LOCAL_MEM_FENCE);
		for (uint k = 0; k < TS; k++)
			acc += Asub[ly * TS + k] * Bsub[k * TS + lx];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (row < M && col < N)
		C[row * N + col] = acc;
}
