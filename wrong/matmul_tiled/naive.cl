// expect: requirement_unmet
// diagnosis: tile_not_shared
// message: does not use `Asub`
// Right results without the tiles: each work-item reads a whole row of A and a whole column
// of B from global memory, and no value is shared through local memory.
__kernel void matmul(__global const float *A, __global const float *B, __global float *C,
		     __local float *Asub, __local float *Bsub, uint M, uint N, uint K)
{
	uint TS = get_local_size(0);
	uint lx = get_local_id(0), ly = get_local_id(1);
	uint col = get_global_id(0), row = get_global_id(1);
	float acc = 0.0f;

	if (row < M && col < N) {
		for (uint k = 0; k < K; k++)
			acc += A[row * K + k] * B[k * N + col];
		C[row * N + col] = acc;
	}
}
