// expect: out_of_bounds line 15
// diagnosis: guard_missing
// The loads are not guarded at all: past the last column of K, or below the last row, a
// work-item reads outside A and B.
__kernel void matmul(__global const float *A, __global const float *B, __global float *C,
		     __local float *Asub, __local float *Bsub, uint M, uint N, uint K)
{
	uint TS = get_local_size(0);
	uint lx = get_local_id(0), ly = get_local_id(1);
	uint col = get_global_id(0), row = get_global_id(1);
	float acc = 0.0f;

	for (uint t = 0; t < K; t += TS) {
		Asub[ly * TS + lx] = A[row * K + t + lx];
		Bsub[ly * TS + lx] = B[(t + ly) * N + col];
		barrier(CLK_LOCAL_MEM_FENCE);
		for (uint k = 0; k < TS; k++)
			acc += Asub[ly * TS + k] * Bsub[k * TS + lx];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (row < M && col < N)
		C[row * N + col] = acc;
}
