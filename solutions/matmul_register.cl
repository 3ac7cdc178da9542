// Reference: C = A x B with a 2D register block. A work-group of 16 x 16 work-items computes a
// 128 x 128 block of C; each work-item an 8 x 8 block of it, kept in registers (acc). Along K
// the group walks 16 columns of A and 16 rows of B at a time: it copies a 128 x 16 tile of A
// and a 16 x 128 tile of B into local memory, waits, and each work-item multiplies: for every
// k, 8 values of A and 8 of B read as two float4 each serve 64 multiply-adds. The loads of the
// next tiles from global memory are issued before the group multiplies the current ones, so
// that their latency hides behind the arithmetic.
//
// Work-item (tx, ty) owns rows 4 ty .. 4 ty + 3 and 64 + 4 ty .. 64 + 4 ty + 3 of the block,
// and the columns 4 tx .. and 64 + 4 tx .. likewise: four neighbours twice, so that one float4
// read from local memory brings four of them. The tiles are arrays of float4 declared in the
// kernel: a float4 there is aligned to 16 bytes, which the compiler needs to read it in one
// instruction (a __local float * argument promises only 4). The tile of A is kept transposed,
// As[k] a row of the block's 128 rows, so a work-item's four rows are neighbours too.
// [pt-BR] Referência: C = A x B com um bloco 2D em registradores. Um grupo de 16 x 16 itens
// calcula um bloco 128 x 128 de C; cada item, um bloco 8 x 8 dele, guardado em registradores
// (acc). Ao longo de K o grupo anda 16 colunas de A e 16 linhas de B por vez: copia um tile 128
// x 16 de A e um tile 16 x 128 de B para a memória local, espera, e cada item multiplica: para
// cada k, 8 valores de A e 8 de B lidos como dois float4 cada servem 64 multiplicações-somas.
// As cargas dos próximos tiles da memória global são emitidas antes de o grupo multiplicar os
// atuais, para que a latência delas se esconda atrás da aritmética.
//
// O item (tx, ty) fica com as linhas 4 ty .. 4 ty + 3 e 64 + 4 ty .. 64 + 4 ty + 3 do bloco, e
// com as colunas 4 tx .. e 64 + 4 tx .. do mesmo modo: quatro vizinhas duas vezes, para que uma
// leitura de float4 da memória local traga quatro delas. Os tiles são arrays de float4
// declarados no kernel: ali um float4 está alinhado a 16 bytes, o que o compilador precisa para
// lê-lo numa instrução (um argumento __local float * promete só 4). O tile de A fica
// transposto, As[k] uma das 128 linhas do bloco, para que as quatro linhas de um item também
// sejam vizinhas.
#define BM 128   // rows of C a work-group computes
                 // [pt-BR] linhas de C que um grupo calcula
#define BN 128   // columns of C a work-group computes
                 // [pt-BR] colunas de C que um grupo calcula
#define BK 16    // columns of A (rows of B) a tile holds
                 // [pt-BR] colunas de A (linhas de B) que um tile guarda
#define AS 132   // floats a row of As: 128 and 4 spare (a multiple of 4, and 4 banks on)
                 // [pt-BR] floats de uma linha de As: 128 e 4 de folga (múltiplo de 4, 4 bancos
                 // adiante)

__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void matmul(__global const float *A, __global const float *B, __global float *C, uint M, uint N,
	    uint K)
{
	__local float4 As[BK * AS / 4];   // As[k * AS / 4 + r]: rows 4 r .. 4 r + 3 of column k
	                                  // [pt-BR] As[k * AS / 4 + r]: linhas 4 r .. 4 r + 3
	                                  // da coluna k
	__local float4 Bs[BK * BN / 4];   // Bs[k * BN / 4 + c]: columns 4 c .. 4 c + 3 of row k
	                                  // [pt-BR] Bs[k * BN / 4 + c]: colunas 4 c .. 4 c + 3
	                                  // da linha k
	__local float *as = (__local float *)As;
	uint tx = get_local_id(0), ty = get_local_id(1);
	uint tid = ty * 16 + tx;
	uint m0 = get_group_id(1) * BM, n0 = get_group_id(0) * BN;
	// the copy: four neighbouring work-items read 16 neighbouring floats of a row of A, and a
	// warp one whole row of the tile of B; each work-item twice, 64 rows (8 of B) apart
	// [pt-BR] a cópia: quatro itens vizinhos leem 16 floats vizinhos de uma linha de A, e
	// um warp uma linha inteira do tile de B; cada item duas vezes, a 64 linhas (8 de B) de
	// distância
	uint ar = tid / 4, ac = tid % 4 * 4;
	uint br = tid / 32, bc = tid % 32 * 4;
	float acc[8][8];
	#pragma unroll
	for (int i = 0; i < 8; i++)
		#pragma unroll
		for (int j = 0; j < 8; j++)
			acc[i][j] = 0.0f;

	float4 a4[2], b4[2];
	for (uint t = 0; t < K + BK; t += BK) {
		if (t > 0) {
			// Stored transposed, value c of a work-item's four goes to row ac + c of As. The
			// 32 work-items of a warp hold 8 rows of A, 4 groups of columns; with rows of As
			// AS = 132 floats apart (4 banks on), groups ac = 0 and ac = 8 would meet in the
			// same banks, so the groups from 8 on store their four in the order 2 3 0 1.
			// [pt-BR] Guardado transposto, o valor c dos quatro de um item vai para
			// a linha ac + c de As. Os 32 itens de um warp têm 8 linhas de A, 4
			// grupos de colunas; com linhas de As a AS = 132 floats de distância (4
			// bancos adiante), os grupos ac = 0 e ac = 8 cairiam nos mesmos bancos,
			// então os grupos de 8 em diante guardam os seus quatro na ordem 2 3 0
			// 1.
			#pragma unroll
			for (uint h = 0; h < 2; h++) {
				uint m = ar + 64 * h, k0 = ac & 8 ? 2 : 0;
				float4 v = ac & 8 ? a4[h].zwxy : a4[h];
				as[(ac + k0) * AS + m] = v.x;
				as[(ac + (k0 ^ 1)) * AS + m] = v.y;
				as[(ac + (k0 ^ 2)) * AS + m] = v.z;
				as[(ac + (k0 ^ 3)) * AS + m] = v.w;
				Bs[((br + 8 * h) * BN + bc) / 4] = b4[h];
			}
			barrier(CLK_LOCAL_MEM_FENCE);   // the tiles are whole
			                                // [pt-BR] os tiles estão inteiros
		}
		if (t < K) {
			#pragma unroll
			for (uint h = 0; h < 2; h++) {
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
				float4 a0 = As[k * AS / 4 + ty], a1 = As[k * AS / 4 + 16 + ty];
				float4 b0 = Bs[k * BN / 4 + tx], b1 = Bs[k * BN / 4 + 16 + tx];
				float a[8] = { a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w };
				float b[8] = { b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w };
				#pragma unroll
				for (int i = 0; i < 8; i++)
					#pragma unroll
					for (int j = 0; j < 8; j++)
						acc[i][j] += a[i] * b[j];
			}
			barrier(CLK_LOCAL_MEM_FENCE);   // everyone is done with them
			                                // [pt-BR] todos já terminaram de
			                                // usá-los
		}
	}
	// row i of acc is row 4 ty + i of the block (64 + 4 ty + i - 4 from i = 4 on), its four
	// neighbouring columns from 4 tx and from 64 + 4 tx
	// [pt-BR] a linha i de acc é a linha 4 ty + i do bloco (64 + 4 ty + i - 4 de i = 4 em
	// diante), e as suas quatro colunas vizinhas a partir de 4 tx e de 64 + 4 tx
	#pragma unroll
	for (int i = 0; i < 8; i++) {
		uint row = m0 + (i < 4 ? 4 * ty + i : 64 + 4 * ty + i - 4);
		#pragma unroll
		for (int h = 0; h < 2; h++) {
			uint col = n0 + 64 * h + 4 * tx;
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
