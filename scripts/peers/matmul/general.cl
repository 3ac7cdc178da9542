// matmul_register's reference made general, for mm-bench.c (docs/performance.md): C = A x B, all
// row-major floats. A work-group of NT = WR x WC warps computes a BM x BN block of C; warp
// (wr, wc) a PR x PC piece of it (PR = BM / WR, PC = BN / WC), its lanes LR x LC; each
// work-item TM x TN elements, in TM / 4 groups of 4 rows LR x 4 rows apart and TN / 4 groups of 4
// columns LC x 4 apart. Tiles of BK along K, A's stored transposed; the next tiles' loads from
// global memory are issued before the products of the current ones.
//   -DDB  the tiles in two buffers: the next ones are stored into the other pair while this
//         pair is read, one barrier a round instead of two
//   -DU2  with DB: the loop over K unrolled by two rounds, so each round's buffers are constants
// Without switches (BM = BN = 128, BK = 8, TM = TN = 8, WR 4, WC 2, LR 4, LC 8) it is the
// course's reference of 2026-11-28. mm-bench's environment must match: BM, LX x LY = NT.
#ifndef BM
#define BM 128
#endif
#ifndef BN
#define BN 128
#endif
#ifndef BK
#define BK 8
#endif
#ifndef TM
#define TM 8
#endif
#ifndef TN
#define TN 8
#endif
#ifndef WR
#define WR 4
#endif
#ifndef WC
#define WC 2
#endif
#ifndef LR
#define LR 4
#endif
#define LC (32 / LR)
#ifndef LX
#define LX 16
#endif
#define NT (WR * WC * 32)
#define LY (NT / LX)
#define PR (BM / WR)
#define PC (BN / WC)
#define AS (BM + 4)
#define AV (BM * BK / 4 / NT)   // float4s of A's tile a work-item copies
#define BV (BK * BN / 4 / NT)
#ifdef DB
#define NBUF 2
#else
#define NBUF 1
#endif
#if PR != TM * LR || PC != TN * LC || AV < 1 || BV < 1 || AV * NT * 4 != BM * BK || BV * NT * 4 != BK * BN
#error "inconsistent sizes"
#endif

#define ATILE (BK * AS / 4)
#define BTILE (BK * BN / 4)

inline void load_tiles(__global const float *A, __global const float *B, uint M, uint N, uint K,
		       uint m0, uint n0, uint t, uint tid, float4 a4[AV], float4 b4[BV], bool whole)
{
	#pragma unroll
	for (int v = 0; v < AV; v++) {
		uint f = tid + v * NT, row = m0 + f / (BK / 4), col = t + f % (BK / 4) * 4;
		if (whole) {
			a4[v] = *(__global const float4 *)(A + row * K + col);
		} else if (row < M && col + 3 < K) {
			a4[v] = vload4(0, A + row * K + col);
		} else {
			float x[4];
			for (uint c = 0; c < 4; c++)
				x[c] = row < M && col + c < K ? A[row * K + col + c] : 0.0f;
			a4[v] = vload4(0, x);
		}
	}
	#pragma unroll
	for (int v = 0; v < BV; v++) {
		uint f = tid + v * NT, brow = t + f / (BN / 4), bcol = n0 + f % (BN / 4) * 4;
		if (whole) {
			b4[v] = *(__global const float4 *)(B + brow * N + bcol);
		} else if (brow < K && bcol + 3 < N) {
			b4[v] = vload4(0, B + brow * N + bcol);
		} else {
			float x[4];
			for (uint c = 0; c < 4; c++)
				x[c] = brow < K && bcol + c < N ? B[brow * N + bcol + c] : 0.0f;
			b4[v] = vload4(0, x);
		}
	}
}

inline void store_tiles(__local float4 *As, __local float4 *Bs, uint tid, float4 a4[AV],
			float4 b4[BV])
{
	__local float *as = (__local float *)As;
	#pragma unroll
	for (int v = 0; v < AV; v++) {
		uint f = tid + v * NT, ar = f / (BK / 4), ac = f % (BK / 4) * 4;
		as[ac * AS + ar] = a4[v].x;
		as[(ac + 1) * AS + ar] = a4[v].y;
		as[(ac + 2) * AS + ar] = a4[v].z;
		as[(ac + 3) * AS + ar] = a4[v].w;
	}
	#pragma unroll
	for (int v = 0; v < BV; v++)
		Bs[tid + v * NT] = b4[v];
}

inline void products(__local const float4 *As, __local const float4 *Bs, uint ry, uint cx,
		     float acc[TM][TN])
{
	#pragma unroll
	for (uint k = 0; k < BK; k++) {
		float a[TM], b[TN];
		#pragma unroll
		for (int g = 0; g < TM / 4; g++) {
			float4 x = As[k * AS / 4 + ry + g * LR];
			a[4 * g] = x.x; a[4 * g + 1] = x.y; a[4 * g + 2] = x.z; a[4 * g + 3] = x.w;
		}
		#pragma unroll
		for (int h = 0; h < TN / 4; h++) {
			float4 x = Bs[k * BN / 4 + cx + h * LC];
			b[4 * h] = x.x; b[4 * h + 1] = x.y; b[4 * h + 2] = x.z; b[4 * h + 3] = x.w;
		}
		#pragma unroll
		for (int i = 0; i < TM; i++)
			#pragma unroll
			for (int j = 0; j < TN; j++)
				acc[i][j] += a[i] * b[j];
	}
}

void multiply(__global const float *A, __global const float *B, uint M, uint N, uint K,
	      uint m0, uint n0, uint tid, uint ry, uint cx, __local float4 *As,
	      __local float4 *Bs, float acc[TM][TN], bool whole)
{
	float4 a4[AV], b4[BV];
#ifndef DB
	for (uint t = 0; t < K + BK; t += BK) {
		if (t > 0) {
			store_tiles(As, Bs, tid, a4, b4);
			barrier(CLK_LOCAL_MEM_FENCE);
		}
		if (t < K)
			load_tiles(A, B, M, N, K, m0, n0, t, tid, a4, b4, whole);
		if (t > 0) {
			products(As, Bs, ry, cx, acc);
			barrier(CLK_LOCAL_MEM_FENCE);
		}
	}
#else
	if (K == 0)
		return;
	load_tiles(A, B, M, N, K, m0, n0, 0, tid, a4, b4, whole);
	store_tiles(As, Bs, tid, a4, b4);
	barrier(CLK_LOCAL_MEM_FENCE);
#ifdef U2
	for (uint t = 0;; t += 2 * BK) {
		if (t + BK < K)
			load_tiles(A, B, M, N, K, m0, n0, t + BK, tid, a4, b4, whole);
		products(As, Bs, ry, cx, acc);
		if (t + BK >= K)
			break;
		store_tiles(As + ATILE, Bs + BTILE, tid, a4, b4);
		barrier(CLK_LOCAL_MEM_FENCE);
		if (t + 2 * BK < K)
			load_tiles(A, B, M, N, K, m0, n0, t + 2 * BK, tid, a4, b4, whole);
		products(As + ATILE, Bs + BTILE, ry, cx, acc);
		if (t + 2 * BK >= K)
			break;
		store_tiles(As, Bs, tid, a4, b4);
		barrier(CLK_LOCAL_MEM_FENCE);
	}
#else
	for (uint t = 0, cur = 0; t < K; t += BK, cur ^= 1) {
		if (t + BK < K)
			load_tiles(A, B, M, N, K, m0, n0, t + BK, tid, a4, b4, whole);
		products(As + cur * ATILE, Bs + cur * BTILE, ry, cx, acc);
		if (t + BK < K)
			store_tiles(As + (cur ^ 1) * ATILE, Bs + (cur ^ 1) * BTILE, tid, a4, b4);
		barrier(CLK_LOCAL_MEM_FENCE);
	}
#endif
#endif
}

__kernel __attribute__((reqd_work_group_size(LX, LY, 1)))
void matmul(__global const float *A, __global const float *B, __global float *C, uint M, uint N,
	    uint K)
{
	__local float4 As[NBUF * ATILE];
	__local float4 Bs[NBUF * BTILE];
	uint tid = get_local_id(1) * LX + get_local_id(0);
	uint m0 = get_group_id(1) * BM, n0 = get_group_id(0) * BN;
	uint w = tid / 32, l = tid % 32;
	// float4 row ry (+ g LR) of As, float4 column cx (+ h LC) of Bs
	uint ry = w / WC * (PR / 4) + l / LC, cx = w % WC * (PC / 4) + l % LC;
	float acc[TM][TN];
	#pragma unroll
	for (int i = 0; i < TM; i++)
		#pragma unroll
		for (int j = 0; j < TN; j++)
			acc[i][j] = 0.0f;
	if (m0 + BM <= M && n0 + BN <= N && K % BK == 0 && N % 4 == 0)
		multiply(A, B, M, N, K, m0, n0, tid, ry, cx, As, Bs, acc, true);
	else
		multiply(A, B, M, N, K, m0, n0, tid, ry, cx, As, Bs, acc, false);
	#pragma unroll
	for (int i = 0; i < TM; i++) {
		uint row = m0 + 4 * (ry + i / 4 * LR) + i % 4;
		#pragma unroll
		for (int h = 0; h < TN / 4; h++) {
			uint col = n0 + 4 * (cx + h * LC);
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
