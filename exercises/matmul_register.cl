// matmul_register: C = A x B with a register block: each work-item computes an 8 x 8 block of
// C and keeps it in registers.
//
// A is M x K, B is K x N, C is M x N, all float and stored row by row. Work-groups are 16 x 16
// work-items; work-group (gx, gy) computes the 128 x 128 block of C whose top-left element is
// row m0 = gy * 128, column n0 = gx * 128. Work-item (tx, ty) computes the rows 4 ty + i and
// 64 + 4 ty + i (i from 0 to 3) of that block, and of each the columns 4 tx + j and
// 64 + 4 tx + j (j from 0 to 3). The tiles are arrays of float4 in local memory: As holds the
// 128 x 16 tile of A transposed (row r, column k of the tile is float r % 4 of As[k * AS / 4 +
// r / 4]) and Bs the 16 x 128 tile of B (row k, column c is float c % 4 of Bs[k * BN / 4 +
// c / 4]). No size is a multiple of 128.
// The lesson: `clings lesson matmul_register`.
//
// [pt-BR] matmul_register: C = A x B com um bloco em registradores: cada item calcula um
// bloco 8 x 8 de C e o guarda em registradores.
//
// A é M x K, B é K x N, C é M x N, todos float e guardados linha por linha. Os grupos são de
// 16 x 16 itens; o grupo (gx, gy) calcula o bloco 128 x 128 de C cujo elemento do canto
// superior esquerdo é a linha m0 = gy * 128, coluna n0 = gx * 128. O item (tx, ty) calcula as
// linhas 4 ty + i e 64 + 4 ty + i (i de 0 a 3) desse bloco, e de cada uma as colunas 4 tx + j
// e 64 + 4 tx + j (j de 0 a 3). Os tiles são arrays de float4 na memória local: As guarda o
// tile 128 x 16 de A transposto (linha r, coluna k do tile é o float r % 4 de As[k * AS / 4 +
// r / 4]) e Bs o tile 16 x 128 de B (linha k, coluna c é o float c % 4 de Bs[k * BN / 4 +
// c / 4]). Nenhum tamanho é múltiplo de 128.
// A lição: `clings lesson matmul_register`.
#define BM 128   // rows of C a work-group computes
                 // [pt-BR] linhas de C que um grupo calcula
#define BN 128   // columns of C a work-group computes
                 // [pt-BR] colunas de C que um grupo calcula
#define BK 16    // columns of A (rows of B) a tile holds
                 // [pt-BR] colunas de A (linhas de B) que um tile guarda
#define AS 132   // floats a row of As: 128 and 4 spare
                 // [pt-BR] floats de uma linha de As: 128 e 4 de folga

__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void matmul(__global const float *A, __global const float *B, __global float *C, uint M, uint N,
	    uint K)
{
	__local float4 As[BK * AS / 4];
	__local float4 Bs[BK * BN / 4];
	__local float *as = (__local float *)As;   // As one float at a time
	                                           // [pt-BR] As, um float por vez
	uint tx = get_local_id(0), ty = get_local_id(1);
	uint tid = ty * 16 + tx;
	uint m0 = get_group_id(1) * BM, n0 = get_group_id(0) * BN;
	// what this work-item copies each round: four floats of A from rows ar and ar + 64 of the
	// tile, columns ac .. ac + 3; four floats of B from rows br and br + 8, columns bc .. bc + 3
	// [pt-BR] o que este item copia a cada volta: quatro floats de A das linhas ar e ar + 64
	// do tile, colunas ac .. ac + 3; quatro floats de B das linhas br e br + 8, colunas
	// bc .. bc + 3
	uint ar = tid / 4, ac = tid % 4 * 4;
	uint br = tid / 32, bc = tid % 32 * 4;
	// acc stays in registers only where every loop that indexes it is unrolled: keep the
	// #pragma unroll before each loop over i, j and k, and take no address inside acc, a or b
	// [pt-BR] acc só fica em registradores onde todo laço que o indexa é desenrolado: mantenha
	// o #pragma unroll antes de cada laço sobre i, j e k, e não tome endereço dentro de acc, a
	// ou b
	float acc[8][8];
	#pragma unroll
	for (int i = 0; i < 8; i++)
		#pragma unroll
		for (int j = 0; j < 8; j++)
			acc[i][j] = 0.0f;

	for (uint t = 0; t < K; t += BK) {
		// TODO 1: for h = 0 and 1, read four floats of A, row m0 + ar + 64 h, columns t + ac
		//         to t + ac + 3 (one vload4 where all four lie inside A, else one at a time,
		//         0 outside), and store float c of them at as[(ac + c) * AS + ar + 64 h]:
		//         where ac is 8 or 12, store them in the order c = 2, 3, 0, 1 (the lesson
		//         says why). Read four floats of B, row t + br + 8 h, columns n0 + bc to
		//         n0 + bc + 3, the same way, into Bs[((br + 8 h) * BN + bc) / 4].
		//         [pt-BR] para h = 0 e 1, leia quatro floats de A, linha m0 + ar + 64 h,
		//         colunas t + ac a t + ac + 3 (um vload4 onde os quatro estão dentro de A,
		//         senão um por vez, 0 fora), e guarde o float c deles em
		//         as[(ac + c) * AS + ar + 64 h]: onde ac é 8 ou 12, guarde-os na ordem
		//         c = 2, 3, 0, 1 (a lição diz por quê). Leia quatro floats de B, linha
		//         t + br + 8 h, colunas n0 + bc a n0 + bc + 3, do mesmo jeito, para
		//         Bs[((br + 8 h) * BN + bc) / 4].

		// TODO 2: wait until both tiles are whole.
		//         [pt-BR] espere até que os dois tiles estejam inteiros.

		// TODO 3: for each k of the tile, read As[k * AS / 4 + ty] and As[k * AS / 4 + 16 + ty]
		//         (your 8 rows) into a private float a[8], Bs[k * BN / 4 + tx] and
		//         Bs[k * BN / 4 + 16 + tx] (your 8 columns) into b[8], then add a[i] * b[j]
		//         to acc[i][j] for all 64 pairs.
		//         [pt-BR] para cada k do tile, leia As[k * AS / 4 + ty] e
		//         As[k * AS / 4 + 16 + ty] (suas 8 linhas) para um float a[8] privado,
		//         Bs[k * BN / 4 + tx] e Bs[k * BN / 4 + 16 + tx] (suas 8 colunas) para b[8],
		//         depois some a[i] * b[j] a acc[i][j] para todos os 64 pares.

		// TODO 4: wait until every work-item is done with the tiles.
		//         [pt-BR] espere até que todo item tenha terminado com os tiles.
	}
	// TODO 5: write acc[i][j] to C: row m0 + 4 ty + i for i < 4, m0 + 64 + 4 ty + i - 4 from
	//         i = 4 on; column n0 + 4 tx + j for j < 4, n0 + 64 + 4 tx + j - 4 from j = 4 on;
	//         only the elements inside C.
	//         [pt-BR] escreva acc[i][j] em C: linha m0 + 4 ty + i para i < 4,
	//         m0 + 64 + 4 ty + i - 4 a partir de i = 4; coluna n0 + 4 tx + j para j < 4,
	//         n0 + 64 + 4 tx + j - 4 a partir de j = 4; só os elementos dentro de C.
}
