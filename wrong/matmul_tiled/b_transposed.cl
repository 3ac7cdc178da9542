// expect: requirement_unmet line 21
// diagnosis: uncoalesced_access
// message: read local memory (`Bsub`) with bank conflicts
// Right results, but the tile of B is stored transposed so that the products read a row of
// both tiles: neighbouring work-items (neighbouring lx) now load B a whole row apart.
__kernel void matmul(__global const float *A, __global const float *B, __global float *C,
		     __local float *Asub, __local float *Bsub, uint M, uint N, uint K)
{
	uint TS = get_local_size(0);
	uint lx = get_local_id(0), ly = get_local_id(1);
	uint col = get_global_id(0), row = get_global_id(1);
	float acc = 0.0f;

	for (uint t = 0; t < K; t += TS) {
		uint a_col = t + lx;
		uint b_row = t + lx, b_col = get_group_id(0) * TS + ly;
		Asub[ly * TS + lx] = row < M && a_col < K ? A[row * K + a_col] : 0.0f;
		Bsub[ly * TS + lx] = b_row < K && b_col < N ? B[b_row * N + b_col] : 0.0f;
		barrier(CLK_LOCAL_MEM_FENCE);
		for (uint k = 0; k < TS; k++)
			acc += Asub[ly * TS + k] * Bsub[lx * TS + k];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (row < M && col < N)
		C[row * N + col] = acc;
}
