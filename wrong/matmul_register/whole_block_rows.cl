// expect: out_of_bounds
// diagnosis: guard_missing
// The reference with a test of a whole block that forgets its rows: a block on the bottom edge
// of C whose columns are whole loads rows of A past row M - 1 through the unguarded float4
// pointers, outside A. (Those rows' results are never stored, so the results alone are right.)
// The guard that fails is the caller's test of a whole block, not a comparison at the load: at
// the load itself no comparison bounds the index, which is what clings can say of it.
#define BM 128   // rows of C a work-group computes
#define BN 128   // columns of C a work-group computes
#define BK 8     // columns of A (rows of B) a tile holds
#define AS 132   // floats a row of As: 128 and 4 spare (a multiple of 4, and 4 banks on)

// The product of the block's rows of A and columns of B, added into acc. Work-item tid copies
// float4 number tid of each tile: row tid / 2 of A's (columns 4 (tid % 2) ..), row tid / 32 of
// B's (columns 4 (tid % 32) ..). It reads rows 4 ry .. + 3 and 4 ry + 16 .. of As, columns
// 4 cx .. + 3 and 4 cx + 32 .. of Bs. whole: every tile lies inside A and B, rows aligned.
void multiply(__global const float *A, __global const float *B, uint M, uint N, uint K,
	      uint m0, uint n0, uint tid, uint ry, uint cx, __local float4 *As,
	      __local float4 *Bs, float acc[8][8], bool whole)
{
	__local float *as = (__local float *)As;
	uint ar = tid / 2, ac = tid % 2 * 4;
	uint br = tid / 32, bc = tid % 32 * 4;
	float4 a4, b4;
	for (uint t = 0; t < K + BK; t += BK) {
		if (t > 0) {
			// transposed: value c of a work-item's four goes to row ac + c of As. A warp's
			// 16 rows of A and 2 column groups land in 32 different banks (AS = 132)
			as[ac * AS + ar] = a4.x;
			as[(ac + 1) * AS + ar] = a4.y;
			as[(ac + 2) * AS + ar] = a4.z;
			as[(ac + 3) * AS + ar] = a4.w;
			Bs[(br * BN + bc) / 4] = b4;
			barrier(CLK_LOCAL_MEM_FENCE);   // the tiles are whole
		}
		if (t < K) {
			uint row = m0 + ar, col = t + ac;
			uint brow = t + br, bcol = n0 + bc;
			if (whole) {
				a4 = *(__global const float4 *)(A + row * K + col);
				b4 = *(__global const float4 *)(B + brow * N + bcol);
			} else {
				if (row < M && col + 3 < K) {
					a4 = vload4(0, A + row * K + col);
				} else {
					float f[4];
					for (uint c = 0; c < 4; c++)
						f[c] = row < M && col + c < K ? A[row * K + col + c] : 0.0f;
					a4 = vload4(0, f);
				}
				if (brow < K && bcol + 3 < N) {
					b4 = vload4(0, B + brow * N + bcol);
				} else {
					float f[4];
					for (uint c = 0; c < 4; c++)
						f[c] = brow < K && bcol + c < N ? B[brow * N + bcol + c] : 0.0f;
					b4 = vload4(0, f);
				}
			}
		}
		if (t > 0) {
			#pragma unroll
			for (uint k = 0; k < BK; k++) {
				float4 a0 = As[k * AS / 4 + ry], a1 = As[k * AS / 4 + 4 + ry];
				float4 b0 = Bs[k * BN / 4 + cx], b1 = Bs[k * BN / 4 + 8 + cx];
				float a[8] = { a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w };
				float b[8] = { b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w };
				#pragma unroll
				for (int i = 0; i < 8; i++)
					#pragma unroll
					for (int j = 0; j < 8; j++)
						acc[i][j] += a[i] * b[j];
			}
			barrier(CLK_LOCAL_MEM_FENCE);   // everyone is done with them
		}
	}
}

__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void matmul(__global const float *A, __global const float *B, __global float *C, uint M, uint N,
	    uint K)
{
	__local float4 As[BK * AS / 4];   // As[k * AS / 4 + r]: rows 4 r .. 4 r + 3 of column k
	__local float4 Bs[BK * BN / 4];   // Bs[k * BN / 4 + c]: columns 4 c .. 4 c + 3 of row k
	uint tid = get_local_id(1) * 16 + get_local_id(0);
	uint m0 = get_group_id(1) * BM, n0 = get_group_id(0) * BN;
	// warp w = tid / 32 of the group's 8: 4 along the rows (32 each), 2 along the columns
	// (64 each); its lane l = tid % 32: 4 along the rows, 8 along the columns
	uint w = tid / 32, l = tid % 32;
	uint ry = w / 2 * 8 + l / 8, cx = w % 2 * 16 + l % 8;
	float acc[8][8];
	#pragma unroll
	for (int i = 0; i < 8; i++)
		#pragma unroll
		for (int j = 0; j < 8; j++)
			acc[i][j] = 0.0f;
	if (n0 + BN <= N && K % BK == 0 && N % 4 == 0)
		multiply(A, B, M, N, K, m0, n0, tid, ry, cx, As, Bs, acc, true);
	else
		multiply(A, B, M, N, K, m0, n0, tid, ry, cx, As, Bs, acc, false);
	// row i of acc is row 4 ry + i of the block (16 + 4 ry + i - 4 from i = 4 on), its four
	// neighbouring columns from 4 cx and from 32 + 4 cx
	#pragma unroll
	for (int i = 0; i < 8; i++) {
		uint row = m0 + 4 * ry + (i < 4 ? i : 16 + i - 4);
		#pragma unroll
		for (int h = 0; h < 2; h++) {
			uint col = n0 + 4 * cx + 32 * h;
			float4 c4 = (float4)(acc[i][4 * h], acc[i][4 * h + 1], acc[i][4 * h + 2],
					     acc[i][4 * h + 3]);
			if (row < M && col + 3 < N) {
				vstore4(c4, 0, C + row * N + col);
			} else {
				for (uint c = 0; c < 4; c++)
					if (row < M && col + c < N)
						C[row * N + col + c] = acc[i][4 * h + c];
			}
		}
	}
}
