// Reference: C = A x B with a 2D register block. A work-group of 16 x 16 work-items computes a
// 128 x 128 block of C; each work-item an 8 x 8 block of it, kept in registers (acc). Along K
// the group walks 16 columns of A and 16 rows of B at a time: it copies a 128 x 16 tile of A
// (As) and a 16 x 128 tile of B (Bs) into local memory with four-float loads, waits, and each
// work-item multiplies: for every k, 8 values of As and 8 of Bs, copied once into registers,
// serve 64 multiply-adds. The loads of the next tiles from global memory are issued before the
// group multiplies the current ones, so that their latency hides behind the arithmetic.
// Work-item (tx, ty) owns rows ty + 16 i and columns tx + 16 j of the block: the 16 work-items
// of a row of the group read 16 neighbouring words of Bs, and the two rows of a warp read words
// of As 16 apart, in other banks. acc, a and b stay in registers only
// where every loop that indexes them is unrolled (#pragma unroll) and nothing takes an address
// inside them.
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

	// the four floats of A and of B this work-item copies, loaded one round ahead: the
	// loads of the next tiles are in flight while the group multiplies the current ones
	float4 a4[2], b4[2];
	for (uint t = 0; t < K + BK; t += BK) {
		if (t > 0) {
			#pragma unroll
			for (uint h = 0; h < 2; h++) {
				vstore4(a4[h], 0, As + (ar + 64 * h) * BK + ac);
				vstore4(b4[h], 0, Bs + (br + 8 * h) * BN + bc);
			}
			barrier(CLK_LOCAL_MEM_FENCE);   // the tiles are whole
		}
		if (t < K) {
			#pragma unroll
			for (uint h = 0; h < 2; h++) {
				// four floats of A and four of B, 0 outside the matrices: one wide load
				// where all four lie inside
				uint row = m0 + ar + 64 * h, col = t + ac;
				if (row < M && col + 3 < K) {
					a4[h] = vload4(0, A + row * K + col);
				} else {
					float f[4];
					for (uint c = 0; c < 4; c++)
						f[c] = row < M && col + c < K ? A[row * K + col + c] : 0.0f;
					a4[h] = vload4(0, f);
				}
				uint brow = t + br + 8 * h, bcol = n0 + bc;
				if (brow < K && bcol + 3 < N) {
					b4[h] = vload4(0, B + brow * N + bcol);
				} else {
					float f[4];
					for (uint c = 0; c < 4; c++)
						f[c] = brow < K && bcol + c < N ? B[brow * N + bcol + c] : 0.0f;
					b4[h] = vload4(0, f);
				}
			}
		}
		if (t > 0) {
			#pragma unroll
			for (uint k = 0; k < BK; k++) {
				float a[TM], b[TN];
				#pragma unroll
				for (int i = 0; i < TM; i++)
					a[i] = As[(ty + 16 * i) * BK + k];
				#pragma unroll
				for (int j = 0; j < TN; j++)
					b[j] = Bs[k * BN + tx + 16 * j];
				#pragma unroll
				for (int i = 0; i < TM; i++)
					#pragma unroll
					for (int j = 0; j < TN; j++)
						acc[i][j] += a[i] * b[j];
			}
			barrier(CLK_LOCAL_MEM_FENCE);   // everyone is done with them
		}
	}
	#pragma unroll
	for (int i = 0; i < TM; i++) {
		uint row = m0 + ty + 16 * i;
		#pragma unroll
		for (int j = 0; j < TN; j++) {
			uint col = n0 + tx + 16 * j;
			if (row < M && col < N)
				C[row * N + col] = acc[i][j];
		}
	}
}
