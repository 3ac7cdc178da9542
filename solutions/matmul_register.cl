// Reference: C = A x B with a 2D register block. A work-group of 16 x 16 work-items computes a
// 128 x 128 block of C; each work-item an 8 x 8 block of it, kept in registers (acc). Along K
// the group walks 8 columns of A and 8 rows of B at a time: it copies a 128 x 8 tile of A and
// an 8 x 128 tile of B into local memory, waits, and each work-item multiplies: for every k,
// 8 values of A and 8 of B read as two float4 each serve 64 multiply-adds. The loads of the
// next tiles from global memory are issued before the group multiplies the current ones, so
// that their latency hides behind the arithmetic.
//
// Four choices beyond the lesson's kernel, each measured on an NVIDIA H200 (docs/performance.md):
// - Two pairs of tiles: the next round's values are stored into one pair while the group
//   multiplies the other, so a round needs one barrier, not two.
// - A warp computes a 32 x 64 piece of the block: its lane l owns rows 4 (l / 8) .. + 3 and
//   16 more, columns 4 (l % 8) .. + 3 and 32 more, so a warp's reads of a k are 4 float4 of As
//   and 8 of Bs (the lesson's mapping reads 16 of Bs).
// - K steps of 8, not 16: one float4 of A and one of B a work-item a round.
// - A block whose tiles lie whole inside A and B, with rows that start on 16 bytes (K a
//   multiple of 8, N of 4), loads through float4 pointers with no guard: one 16-byte load
//   each. The blocks on the edges run the same loop with the guarded loads. The loop is one
//   function called for each kind of block, so that the compiler makes a copy of it for each
//   and the whole blocks' copy keeps no trace of the guards.
//
// The tiles are arrays of float4 declared in the kernel: a float4 there is aligned to 16 bytes,
// which the compiler needs to read it in one instruction (a __local float * argument promises
// only 4). The tile of A is kept transposed, As[k] a row of the block's 128 rows, so a
// work-item's four rows are neighbours too.
// [pt-BR] Referência: C = A x B com um bloco 2D em registradores. Um grupo de 16 x 16 itens
// calcula um bloco 128 x 128 de C; cada item, um bloco 8 x 8 dele, guardado em registradores
// (acc). Ao longo de K o grupo anda 8 colunas de A e 8 linhas de B por vez: copia um tile
// 128 x 8 de A e um tile 8 x 128 de B para a memória local, espera, e cada item multiplica:
// para cada k, 8 valores de A e 8 de B lidos como dois float4 cada servem 64
// multiplicações-somas. As cargas dos próximos tiles da memória global são emitidas antes de o
// grupo multiplicar os atuais, para que a latência delas se esconda atrás da aritmética.
//
// Quatro escolhas além do kernel da lição, cada uma medida numa NVIDIA H200
// (docs/performance.md):
// - Dois pares de tiles: os valores da próxima rodada são guardados num par enquanto o grupo
//   multiplica o outro, então uma rodada precisa de uma barreira, não de duas.
// - Um warp calcula um pedaço 32 x 64 do bloco: sua via l fica com as linhas 4 (l / 8) .. + 3
//   e 16 adiante, as colunas 4 (l % 8) .. + 3 e 32 adiante, de modo que as leituras de um
//   warp para um k são 4 float4 de As e 8 de Bs (o mapeamento da lição lê 16 de Bs).
// - Passos de 8 em K, não de 16: um float4 de A e um de B por item a cada rodada.
// - Um bloco cujos tiles ficam inteiros dentro de A e B, com linhas que começam em 16 bytes
//   (K múltiplo de 8, N de 4), carrega por ponteiros float4 sem guarda: uma carga de 16 bytes
//   cada. Os blocos das bordas rodam o mesmo laço com as cargas guardadas. O laço é uma função
//   chamada para cada tipo de bloco, para que o compilador faça uma cópia dela para cada um e a
//   cópia dos blocos inteiros não guarde traço das guardas.
//
// Os tiles são arrays de float4 declarados no kernel: ali um float4 está alinhado a 16 bytes,
// o que o compilador precisa para lê-lo numa instrução (um argumento __local float * promete
// só 4). O tile de A fica transposto, As[k] uma das 128 linhas do bloco, para que as quatro
// linhas de um item também sejam vizinhas.
#define BM 128   // rows of C a work-group computes
                 // [pt-BR] linhas de C que um grupo calcula
#define BN 128   // columns of C a work-group computes
                 // [pt-BR] colunas de C que um grupo calcula
#define BK 8     // columns of A (rows of B) a tile holds
                 // [pt-BR] colunas de A (linhas de B) que um tile guarda
#define AS 132   // floats a row of As: 128 and 4 spare (a multiple of 4, and 4 banks on)
                 // [pt-BR] floats de uma linha de As: 128 e 4 de folga (múltiplo de 4, 4 bancos
                 // adiante)

// Copies the tiles of round t from global memory into registers: work-item tid copies float4
// number tid of each, row tid / 2 of A's (columns 4 (tid % 2) ..), row tid / 32 of B's (columns
// 4 (tid % 32) ..). whole: every tile lies inside A and B, rows aligned.
// [pt-BR] Copia os tiles da rodada t da memória global para registradores: o item tid copia
// o float4 número tid de cada um, a linha tid / 2 do de A (colunas 4 (tid % 2) ..), a linha
// tid / 32 do de B (colunas 4 (tid % 32) ..). whole: todo tile fica dentro de A e B, com
// linhas alinhadas.
void load_tiles(__global const float *A, __global const float *B, uint M, uint N, uint K,
		uint m0, uint n0, uint t, uint tid, float4 *a4, float4 *b4, bool whole)
{
	uint row = m0 + tid / 2, col = t + tid % 2 * 4;
	uint brow = t + tid / 32, bcol = n0 + tid % 32 * 4;
	if (whole) {
		*a4 = *(__global const float4 *)(A + row * K + col);
		*b4 = *(__global const float4 *)(B + brow * N + bcol);
		return;
	}
	if (row < M && col + 3 < K) {
		*a4 = vload4(0, A + row * K + col);
	} else {
		float f[4];
		for (uint c = 0; c < 4; c++)
			f[c] = row < M && col + c < K ? A[row * K + col + c] : 0.0f;
		*a4 = vload4(0, f);
	}
	if (brow < K && bcol + 3 < N) {
		*b4 = vload4(0, B + brow * N + bcol);
	} else {
		float f[4];
		for (uint c = 0; c < 4; c++)
			f[c] = brow < K && bcol + c < N ? B[brow * N + bcol + c] : 0.0f;
		*b4 = vload4(0, f);
	}
}

// Stores a work-item's two float4 into one pair of tiles, A's transposed: value c of its four
// goes to row ac + c of As. A warp's 16 rows of A and 2 column groups land in 32 different
// banks (AS = 132).
// [pt-BR] Guarda os dois float4 de um item num par de tiles, o de A transposto: o valor c dos
// seus quatro vai para a linha ac + c de As. As 16 linhas de A e os 2 grupos de colunas de um
// warp caem em 32 bancos diferentes (AS = 132).
void store_tiles(__local float4 *As, __local float4 *Bs, uint tid, float4 a4, float4 b4)
{
	__local float *as = (__local float *)As;
	uint ar = tid / 2, ac = tid % 2 * 4;
	as[ac * AS + ar] = a4.x;
	as[(ac + 1) * AS + ar] = a4.y;
	as[(ac + 2) * AS + ar] = a4.z;
	as[(ac + 3) * AS + ar] = a4.w;
	Bs[tid] = b4;
}

// The products of one pair of tiles, added into acc: the work-item reads rows 4 ry .. + 3 and
// 4 ry + 16 .. of As, columns 4 cx .. + 3 and 4 cx + 32 .. of Bs.
// [pt-BR] Os produtos de um par de tiles, somados em acc: o item lê as linhas 4 ry .. + 3 e
// 4 ry + 16 .. de As, as colunas 4 cx .. + 3 e 4 cx + 32 .. de Bs.
void products(__local const float4 *As, __local const float4 *Bs, uint ry, uint cx,
	      float acc[8][8])
{
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
}

// The product of the block's rows of A and columns of B, added into acc, with two pairs of
// tiles: while the group multiplies one pair, each work-item stores the next round's values
// into the other, so one barrier a round suffices (it says the other pair is whole, and that
// everyone is done with this one, which the round after next overwrites). The loop does two
// rounds a turn, one on each pair, so that every tile's address is known to the compiler.
// [pt-BR] O produto das linhas de A e das colunas de B do bloco, somado em acc, com dois
// pares de tiles: enquanto o grupo multiplica um par, cada item guarda os valores da próxima
// rodada no outro, então basta uma barreira por rodada (ela diz que o outro par está inteiro
// e que todos terminaram de usar este, que a rodada depois da próxima sobrescreve). O laço faz
// duas rodadas por volta, uma em cada par, para que o compilador conheça o endereço de cada
// tile.
void multiply(__global const float *A, __global const float *B, uint M, uint N, uint K,
	      uint m0, uint n0, uint tid, uint ry, uint cx, __local float4 *As,
	      __local float4 *Bs, float acc[8][8], bool whole)
{
	__local float4 *As1 = As + BK * AS / 4, *Bs1 = Bs + BK * BN / 4;
	float4 a4, b4;
	if (K == 0)
		return;
	load_tiles(A, B, M, N, K, m0, n0, 0, tid, &a4, &b4, whole);
	store_tiles(As, Bs, tid, a4, b4);
	barrier(CLK_LOCAL_MEM_FENCE);   // the first pair is whole
	                                // [pt-BR] o primeiro par está inteiro
	for (uint t = 0;; t += 2 * BK) {
		if (t + BK < K)
			load_tiles(A, B, M, N, K, m0, n0, t + BK, tid, &a4, &b4, whole);
		products(As, Bs, ry, cx, acc);
		if (t + BK >= K)
			break;
		store_tiles(As1, Bs1, tid, a4, b4);
		barrier(CLK_LOCAL_MEM_FENCE);   // the second pair is whole, the first free
		                                // [pt-BR] o segundo par está inteiro, o primeiro livre
		if (t + 2 * BK < K)
			load_tiles(A, B, M, N, K, m0, n0, t + 2 * BK, tid, &a4, &b4, whole);
		products(As1, Bs1, ry, cx, acc);
		if (t + 2 * BK >= K)
			break;
		store_tiles(As, Bs, tid, a4, b4);
		barrier(CLK_LOCAL_MEM_FENCE);   // the first pair is whole, the second free
		                                // [pt-BR] o primeiro par está inteiro, o segundo livre
	}
}

__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void matmul(__global const float *A, __global const float *B, __global float *C, uint M, uint N,
	    uint K)
{
	// two pairs of tiles, one after the other: As[k * AS / 4 + r], rows 4 r .. 4 r + 3 of
	// column k; Bs[k * BN / 4 + c], columns 4 c .. 4 c + 3 of row k
	// [pt-BR] dois pares de tiles, um depois do outro: As[k * AS / 4 + r], linhas
	// 4 r .. 4 r + 3 da coluna k; Bs[k * BN / 4 + c], colunas 4 c .. 4 c + 3 da linha k
	__local float4 As[2 * BK * AS / 4];
	__local float4 Bs[2 * BK * BN / 4];
	uint tid = get_local_id(1) * 16 + get_local_id(0);
	uint m0 = get_group_id(1) * BM, n0 = get_group_id(0) * BN;
	// warp w = tid / 32 of the group's 8: 4 along the rows (32 each), 2 along the columns
	// (64 each); its lane l = tid % 32: 4 along the rows, 8 along the columns
	// [pt-BR] o warp w = tid / 32 dos 8 do grupo: 4 ao longo das linhas (32 cada), 2 ao
	// longo das colunas (64 cada); sua via l = tid % 32: 4 ao longo das linhas, 8 ao longo
	// das colunas
	uint w = tid / 32, l = tid % 32;
	uint ry = w / 2 * 8 + l / 8, cx = w % 2 * 16 + l % 8;
	float acc[8][8];
	#pragma unroll
	for (int i = 0; i < 8; i++)
		#pragma unroll
		for (int j = 0; j < 8; j++)
			acc[i][j] = 0.0f;
	if (m0 + BM <= M && n0 + BN <= N && K % BK == 0 && N % 4 == 0)
		multiply(A, B, M, N, K, m0, n0, tid, ry, cx, As, Bs, acc, true);
	else
		multiply(A, B, M, N, K, m0, n0, tid, ry, cx, As, Bs, acc, false);
	// row i of acc is row 4 ry + i of the block (16 + 4 ry + i - 4 from i = 4 on), its four
	// neighbouring columns from 4 cx and from 32 + 4 cx
	// [pt-BR] a linha i de acc é a linha 4 ry + i do bloco (16 + 4 ry + i - 4 a partir de
	// i = 4), suas quatro colunas vizinhas a partir de 4 cx e de 32 + 4 cx
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
