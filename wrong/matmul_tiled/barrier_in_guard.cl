// expect: barrier_divergence line 19
// diagnosis: barrier_divergent
// message: cannot run a barrier that only part of the work-group reaches
// The whole computation, barriers included, sits inside the bounds check: in the ragged
// work-groups the work-items outside C never reach the barriers the others wait at.
__kernel void matmul(__global const float *A, __global const float *B, __global float *C,
		     __local float *Asub, __local float *Bsub, uint M, uint N, uint K)
{
	uint TS = get_local_size(0);
	uint lx = get_local_id(0), ly = get_local_id(1);
	uint col = get_global_id(0), row = get_global_id(1);
	float acc = 0.0f;

	if (row < M && col < N) {
		for (uint t = 0; t < K; t += TS) {
			uint a_col = t + lx, b_row = t + ly;
			Asub[ly * TS + lx] = a_col < K ? A[row * K + a_col] : 0.0f;
			Bsub[ly * TS + lx] = b_row < K ? B[b_row * N + col] : 0.0f;
			barrier(CLK_LOCAL_MEM_FENCE);
			for (uint k = 0; k < TS; k++)
				acc += Asub[ly * TS + k] * Bsub[k * TS + lx];
			barrier(CLK_LOCAL_MEM_FENCE);
		}
		C[row * N + col] = acc;
	}
}
