// expect: data_race line 18
// diagnosis: barrier_missing
// No barrier at all: a work-item multiplies tile slots that their owners may not have
// loaded yet.
__kernel void matmul(__global const float *A, __global const float *B, __global float *C,
		     __local float *Asub, __local float *Bsub, uint M, uint N, uint K)
{
	uint TS = get_local_size(0);
	uint lx = get_local_id(0), ly = get_local_id(1);
	uint col = get_global_id(0), row = get_global_id(1);
	float acc = 0.0f;

	for (uint t = 0; t < K; t += TS) {
		uint a_col = t + lx, b_row = t + ly;
		Asub[ly * TS + lx] = row < M && a_col < K ? A[row * K + a_col] : 0.0f;
		Bsub[ly * TS + lx] = b_row < K && col < N ? B[b_row * N + col] : 0.0f;
		for (uint k = 0; k < TS; k++)
			acc += Asub[ly * TS + k] * Bsub[k * TS + lx];
	}
	if (row < M && col < N)
		C[row * N + col] = acc;
}
