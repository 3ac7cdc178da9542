// expect: requirement_unmet
// diagnosis: bank_conflict
// message: bank conflicts
// Right results, but each work-item owns 8 neighbouring rows and 8 neighbouring columns of the
// block: the 16 work-items of a row of the group read Bs 8 words apart (4 of them in each of
// 4 banks), and a warp's two rows of As lie 128 words apart, in one bank.
#define BM 128   // rows of C a work-group computes
#define BN 128   // columns of C a work-group computes
#define BK 16    // columns of A (rows of B) a tile holds
#define TM 8     // rows of C a work-item computes
#define TN 8     // columns of C a work-item computes

__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void matmul(__global const float *A, __global const float *B, __global float *C,
	    __local float *As, __local float *Bs, uint M, uint N, uint K)
{
	uint tx = get_local_id(0), ty = get_local_id(1);
	uint tid = ty * 16 + tx;
	uint m0 = get_group_id(1) * BM, n0 = get_group_id(0) * BN;
	// what this work-item copies each round: rows ar and ar + 64 of As, four floats from
	// column ac; rows br and br + 8 of Bs, four floats from column bc
	uint ar = tid / 4, ac = tid % 4 * 4;
	uint br = tid / 32, bc = tid % 32 * 4;
	float acc[TM][TN];
	#pragma unroll
	for (int i = 0; i < TM; i++)
		#pragma unroll
		for (int j = 0; j < TN; j++)
			acc[i][j] = 0.0f;

	for (uint t = 0; t < K; t += BK) {
		#pragma unroll
		for (uint h = 0; h < 2; h++) {
			// four floats of A and four of B, 0 outside the matrices: one wide load
			// where all four lie inside
			uint r = ar + 64 * h, row = m0 + r, col = t + ac;
			float4 a4, b4;
			if (row < M && col + 3 < K) {
				a4 = vload4(0, A + row * K + col);
			} else {
				float t[4];
				for (uint c = 0; c < 4; c++)
					t[c] = row < M && col + c < K ? A[row * K + col + c] : 0.0f;
				a4 = vload4(0, t);
			}
			uint s = br + 8 * h, brow = t + s, bcol = n0 + bc;
			if (brow < K && bcol + 3 < N) {
				b4 = vload4(0, B + brow * N + bcol);
			} else {
				float t[4];
				for (uint c = 0; c < 4; c++)
					t[c] = brow < K && bcol + c < N ? B[brow * N + bcol + c] : 0.0f;
				b4 = vload4(0, t);
			}
			vstore4(a4, 0, As + r * BK + ac);
			vstore4(b4, 0, Bs + s * BN + bc);
		}
		barrier(CLK_LOCAL_MEM_FENCE);           // the tiles are whole

		#pragma unroll
		for (uint k = 0; k < BK; k++) {
			float a[TM], b[TN];
			#pragma unroll
			for (int i = 0; i < TM; i++)
				a[i] = As[(ty * TM + i) * BK + k];
			#pragma unroll
			for (int j = 0; j < TN; j++)
				b[j] = Bs[k * BN + tx * TN + j];
			#pragma unroll
			for (int i = 0; i < TM; i++)
				#pragma unroll
				for (int j = 0; j < TN; j++)
					acc[i][j] += a[i] * b[j];
		}
		barrier(CLK_LOCAL_MEM_FENCE);           // everyone is done with them
	}
	#pragma unroll
	for (int i = 0; i < TM; i++) {
		uint row = m0 + ty * TM + i;
		#pragma unroll
		for (int j = 0; j < TN; j++) {
			uint col = n0 + tx * TN + j;
			if (row < M && col < N)
				C[row * N + col] = acc[i][j];
		}
	}
}
