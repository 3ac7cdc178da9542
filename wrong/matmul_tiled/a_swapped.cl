// expect: requirement_unmet line 17
// diagnosis: uncoalesced_access
// message: write local memory (`Asub`) with bank conflicts
// Right results, but the tile of A is loaded with the two local ids swapped: lx picks the
// row of A, so neighbouring work-items read floats K apart.
__kernel void matmul(__global const float *A, __global const float *B, __global float *C,
		     __local float *Asub, __local float *Bsub, uint M, uint N, uint K)
{
	uint TS = get_local_size(0);
	uint lx = get_local_id(0), ly = get_local_id(1);
	uint col = get_global_id(0), row = get_global_id(1);
	float acc = 0.0f;

	uint row0 = get_group_id(1) * TS;
	for (uint t = 0; t < K; t += TS) {
		uint a_row = row0 + lx, a_col = t + ly, b_row = t + ly;
		Asub[lx * TS + ly] = a_row < M && a_col < K ? A[a_row * K + a_col] : 0.0f;
		Bsub[ly * TS + lx] = b_row < K && col < N ? B[b_row * N + col] : 0.0f;
		barrier(CLK_LOCAL_MEM_FENCE);
		for (uint k = 0; k < TS; k++)
			acc += Asub[ly * TS + k] * Bsub[k * TS + lx];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (row < M && col < N)
		C[row * N + col] = acc;
}
