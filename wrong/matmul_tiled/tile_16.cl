// expect: out_of_bounds line 15
// diagnosis: contract_ignored
// message: TS = get_local_size(0)
// Written for 16 x 16 work-groups only: the tile's edge is 16 whatever the local size, so
// with 8 x 8 work-groups the tiles of 64 floats are indexed up to 255.
#define T 16
__kernel void matmul(__global const float *A, __global const float *B, __global float *C,
		     __local float *Asub, __local float *Bsub, uint M, uint N, uint K)
{
	uint lx = get_local_id(0), ly = get_local_id(1);
	uint col = get_global_id(0), row = get_global_id(1);
	float acc = 0.0f;
	for (uint t = 0; t < K; t += T) {
		uint a_col = t + lx, b_row = t + ly;
		Asub[ly * T + lx] = row < M && a_col < K ? A[row * K + a_col] : 0.0f;
		Bsub[ly * T + lx] = b_row < K && col < N ? B[b_row * N + col] : 0.0f;
		barrier(CLK_LOCAL_MEM_FENCE);
		for (uint k = 0; k < T; k++)
			acc += Asub[ly * T + k] * Bsub[k * T + lx];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (row < M && col < N)
		C[row * N + col] = acc;
}
