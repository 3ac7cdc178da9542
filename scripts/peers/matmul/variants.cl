// Variants of matmul_register's kernel for mm-bench.c (docs/performance.md), C = A x B, all
// row-major floats, work-groups of 16 x 16, each work-item TM x TN = 8 x (BN / 16) of C:
//   -DBN=128|64   columns of C a work-group computes (rows: 128)
//   -DBK=16|8     columns of A (rows of B) a tile holds
//   -DDB          double-buffered tiles: the next tiles are stored into the other pair while
//                 this pair is read, one barrier a step instead of two
//   -DVEC         global loads and C's stores through float4 pointers where the rows keep them
//                 16-byte aligned (K, resp. N, a multiple of 4); vload4/vstore4 elsewhere
//   -DFAST        blocks whose tiles lie whole inside A and B (K a multiple of BK, N of 4) load
//                 through float4 pointers with no guards; the others as before
//   -DCST         C's stores through float4 pointers in those blocks
//   -DWARP        a warp computes a 32 x 64 block of C (lanes 4 x 8), not 8 x 128
// With none of them (BN=128, BK=16) it is the course's reference of 2026-11.
#ifndef BN
#define BN 128
#endif
#ifndef BK
#define BK 16
#endif
#define BM 128
#define TN (BN / 16)
#define AS (BM + 4)
#ifdef DB
#define NBUF 2
#else
#define NBUF 1
#endif
// float4s each work-item copies a step: A's tile BM x BK, B's BK x BN, 256 work-items
#define AV (BM * BK / 4 / 256)
#define BV (BK * BN / 4 / 256)

__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void matmul(__global const float *A, __global const float *B, __global float *C, uint M, uint N,
	    uint K)
{
	__local float4 As[NBUF * BK * AS / 4];
	__local float4 Bs[NBUF * BK * BN / 4];
	uint tx = get_local_id(0), ty = get_local_id(1);
	uint tid = ty * 16 + tx;
#ifdef WARP
	// warp w = tid / 32 of 8: 4 along M (32 rows each), 2 along N (64 columns each); lane l:
	// 4 along M, 8 along N. Rows: wm 32 + {0, 16} + 4 lm; columns wn 64 + {0, 32} + 4 ln
	// (BN 128); BN 64: columns wn 32 + 4 ln, one float4.
	uint w = tid / 32, l = tid % 32;
	uint ry = (w / 2) * 8 + (l / 8);          // float4 index of the first row group, step 4 = 16 rows
	uint cx = (w % 2) * (BN / 8) + (l % 8);   // float4 index of the first column group
#define ROW4(h) (ry + 4 * (h))
#define COL4(h) (cx + 8 * (h))
#else
#define ROW4(h) (ty + 16 * (h))
#define COL4(h) (tx + 16 * (h))
#endif
	uint m0 = get_group_id(1) * BM, n0 = get_group_id(0) * BN;
	// the copy: A's tile in AV float4 a work-item, B's in BV
	uint ar = tid / (BK / 4), ac = tid % (BK / 4) * 4;
	uint br = tid / (BN / 4), bc = tid % (BN / 4) * 4;
	float acc[8][TN];
	#pragma unroll
	for (int i = 0; i < 8; i++)
		#pragma unroll
		for (int j = 0; j < TN; j++)
			acc[i][j] = 0.0f;
	bool a16 = K % 4 == 0, b16 = N % 4 == 0;
	float4 a4[AV], b4[BV];

#define LOAD(t)                                                                                 \
	do {                                                                                      \
		_Pragma("unroll") for (uint h = 0; h < AV; h++) {                                 \
			uint row = m0 + ar + (256 / (BK / 4)) * h, col = (t) + ac;                \
			if (row < M && col + 3 < K) {                                             \
				a4[h] = LOADA(row * K + col);                                     \
			} else {                                                                  \
				float f[4];                                                       \
				for (uint c = 0; c < 4; c++)                                      \
					f[c] = row < M && col + c < K ? A[row * K + col + c] : 0.0f; \
				a4[h] = vload4(0, f);                                             \
			}                                                                         \
		}                                                                                 \
		_Pragma("unroll") for (uint h = 0; h < BV; h++) {                                 \
			uint brow = (t) + br + (256 / (BN / 4)) * h, bcol = n0 + bc;              \
			if (brow < K && bcol + 3 < N) {                                           \
				b4[h] = LOADB(brow * N + bcol);                                   \
			} else {                                                                  \
				float f[4];                                                       \
				for (uint c = 0; c < 4; c++)                                      \
					f[c] = brow < K && bcol + c < N ? B[brow * N + bcol + c] : 0.0f; \
				b4[h] = vload4(0, f);                                             \
			}                                                                         \
		}                                                                                 \
	} while (0)
#define LOAD_FAST(t)                                                                            \
	do {                                                                                      \
		_Pragma("unroll") for (uint h = 0; h < AV; h++)                                   \
			a4[h] = *(__global const float4 *)(A + (m0 + ar + (256 / (BK / 4)) * h) * K + (t) + ac); \
		_Pragma("unroll") for (uint h = 0; h < BV; h++)                                   \
			b4[h] = *(__global const float4 *)(B + ((t) + br + (256 / (BN / 4)) * h) * N + n0 + bc); \
	} while (0)
#ifdef VEC
#define LOADA(i) (a16 ? *(__global const float4 *)(A + (i)) : vload4(0, A + (i)))
#define LOADB(i) (b16 ? *(__global const float4 *)(B + (i)) : vload4(0, B + (i)))
#else
#define LOADA(i) vload4(0, A + (i))
#define LOADB(i) vload4(0, B + (i))
#endif

	// stored transposed with the reference's order 2 3 0 1 for column groups from 8 on
#define STORE(buf)                                                                              \
	do {                                                                                      \
		__local float *as = (__local float *)(As + (buf) * (BK * AS / 4));                \
		_Pragma("unroll") for (uint h = 0; h < AV; h++) {                                 \
			uint m = ar + (256 / (BK / 4)) * h, k0 = ac & 8 ? 2 : 0;                  \
			float4 v = ac & 8 ? a4[h].zwxy : a4[h];                                   \
			as[(ac + k0) * AS + m] = v.x;                                             \
			as[(ac + (k0 ^ 1)) * AS + m] = v.y;                                       \
			as[(ac + (k0 ^ 2)) * AS + m] = v.z;                                       \
			as[(ac + (k0 ^ 3)) * AS + m] = v.w;                                       \
		}                                                                                 \
		_Pragma("unroll") for (uint h = 0; h < BV; h++)                                   \
			Bs[(buf) * (BK * BN / 4) + ((br + (256 / (BN / 4)) * h) * BN + bc) / 4] = b4[h]; \
	} while (0)

#define PRODUCTS(buf)                                                                           \
	do {                                                                                      \
		_Pragma("unroll") for (uint k = 0; k < BK; k++) {                                 \
			float4 a0 = As[(buf) * (BK * AS / 4) + k * AS / 4 + ROW4(0)];             \
			float4 a1 = As[(buf) * (BK * AS / 4) + k * AS / 4 + ROW4(1)];             \
			float a[8] = { a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w };          \
			float b[TN];                                                              \
			float4 b0 = Bs[(buf) * (BK * BN / 4) + k * BN / 4 + COL4(0)];             \
			b[0] = b0.x; b[1] = b0.y; b[2] = b0.z; b[3] = b0.w;                       \
			PRODUCTS_B1(buf);                                                         \
			_Pragma("unroll") for (int i = 0; i < 8; i++)                             \
				_Pragma("unroll") for (int j = 0; j < TN; j++)                    \
					acc[i][j] += a[i] * b[j];                                 \
		}                                                                                 \
	} while (0)
#if TN == 8
#define PRODUCTS_B1(buf)                                                                        \
	do {                                                                                      \
		float4 b1 = Bs[(buf) * (BK * BN / 4) + k * BN / 4 + COL4(1)];                     \
		b[4] = b1.x; b[5] = b1.y; b[6] = b1.z; b[7] = b1.w;                               \
	} while (0)
#else
#define PRODUCTS_B1(buf) do { } while (0)
#endif

#ifdef DB
#define MAIN(L)                                                                                 \
	do {                                                                                      \
		uint cur = 0;                                                                     \
		if (K > 0) {                                                                      \
			L(0);                                                                     \
			STORE(0);                                                                 \
		}                                                                                 \
		barrier(CLK_LOCAL_MEM_FENCE);                                                     \
		for (uint t = 0; t < K; t += BK) {                                                \
			bool more = t + BK < K;                                                   \
			if (more)                                                                 \
				L(t + BK);                                                        \
			PRODUCTS(cur);                                                            \
			if (more)                                                                 \
				STORE(cur ^ 1);                                                   \
			barrier(CLK_LOCAL_MEM_FENCE);                                             \
			cur ^= 1;                                                                 \
		}                                                                                 \
	} while (0)
#else
#define MAIN(L)                                                                                 \
	do {                                                                                      \
		for (uint t = 0; t < K + BK; t += BK) {                                           \
			if (t > 0) {                                                              \
				STORE(0);                                                         \
				barrier(CLK_LOCAL_MEM_FENCE);                                     \
			}                                                                         \
			if (t < K)                                                                \
				L(t);                                                             \
			if (t > 0) {                                                              \
				PRODUCTS(0);                                                      \
				barrier(CLK_LOCAL_MEM_FENCE);                                     \
			}                                                                         \
		}                                                                                 \
	} while (0)
#endif
	bool whole = m0 + BM <= M && n0 + BN <= N && K % BK == 0 && N % 4 == 0;
#ifdef NOGEN
	MAIN(LOAD_FAST);   // timing only: right only where every block is whole
#else
#ifdef FAST
	// a block whose tiles lie whole inside A and B, with rows 16-byte aligned: no guards
	if (whole)
		MAIN(LOAD_FAST);
	else
#endif
		MAIN(LOAD);
#endif
	#pragma unroll
	for (int i = 0; i < 8; i++) {
		uint row = m0 + 4 * ROW4(i / 4) + i % 4;
		#pragma unroll
		for (int h = 0; h < TN / 4; h++) {
			uint col = n0 + 4 * COL4(h);
			float4 c4 = (float4)(acc[i][4 * h], acc[i][4 * h + 1], acc[i][4 * h + 2],
					     acc[i][4 * h + 3]);
#ifdef CST
			if (whole) {
				*(__global float4 *)(C + row * N + col) = c4;
				continue;
			}
#endif
			if (row < M && col + 3 < N) {
#ifdef VEC
				if (b16)
					*(__global float4 *)(C + row * N + col) = c4;
				else
#endif
					vstore4(c4, 0, C + row * N + col);
			} else {
				for (uint c = 0; c < 4; c++)
					if (row < M && col + c < N)
						C[row * N + col + c] = acc[i][4 * h + c];
			}
		}
	}
}
