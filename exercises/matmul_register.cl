// matmul_register: C = A x B with a register block: each work-item computes an 8 x 8 block of
// C and keeps it in registers.
//
// A is M x K, B is K x N, C is M x N, all float and stored row by row. Work-groups are 16 x 16
// work-items; work-group (gx, gy) computes the 128 x 128 block of C whose top-left element is
// row m0 = gy * 128, column n0 = gx * 128. Work-item (tx, ty) computes the 64 elements of that
// block at rows ty + 16 i and columns tx + 16 j (i, j from 0 to 7). As holds a 128 x 16 tile of
// A (element (r, c) at As[r * 16 + c]) and Bs a 16 x 128 tile of B (element (r, c) at
// Bs[r * 128 + c]). No size is a multiple of 128.
// The lesson: `clings lesson matmul_register`.
//
// [pt-BR] matmul_register: C = A x B com um bloco em registradores: cada item calcula um
// bloco 8 x 8 de C e o guarda em registradores.
//
// A é M x K, B é K x N, C é M x N, todos float e guardados linha por linha. Os grupos são de
// 16 x 16 itens; o grupo (gx, gy) calcula o bloco 128 x 128 de C cujo elemento do canto
// superior esquerdo é a linha m0 = gy * 128, coluna n0 = gx * 128. O item (tx, ty) calcula os
// 64 elementos desse bloco nas linhas ty + 16 i e colunas tx + 16 j (i, j de 0 a 7). As guarda
// um tile 128 x 16 de A (elemento (r, c) em As[r * 16 + c]) e Bs um tile 16 x 128 de B
// (elemento (r, c) em Bs[r * 128 + c]). Nenhum tamanho é múltiplo de 128.
// A lição: `clings lesson matmul_register`.
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
	// [pt-BR] o que este item copia a cada volta: linhas ar e ar + 64 de As, quatro floats a
	// partir da coluna ac; linhas br e br + 8 de Bs, quatro floats a partir da coluna bc
	uint ar = tid / 4, ac = tid % 4 * 4;
	uint br = tid / 32, bc = tid % 32 * 4;
	// acc stays in registers only where every loop that indexes it is unrolled: keep the
	// #pragma unroll before each loop over i, j and k, and take no address inside acc, a or b
	// [pt-BR] acc só fica em registradores onde todo laço que o indexa é desenrolado: mantenha
	// o #pragma unroll antes de cada laço sobre i, j e k, e não tome endereço dentro de acc, a
	// ou b
	float acc[TM][TN];
	#pragma unroll
	for (int i = 0; i < TM; i++)
		#pragma unroll
		for (int j = 0; j < TN; j++)
			acc[i][j] = 0.0f;

	for (uint t = 0; t < K; t += BK) {
		// TODO 1: for h = 0 and 1, copy four floats of A, row m0 + ar + 64 h, columns
		//         t + ac to t + ac + 3, into As at row ar + 64 h, column ac; and four floats
		//         of B, row t + br + 8 h, columns n0 + bc to n0 + bc + 3, into Bs at row
		//         br + 8 h, column bc. One vload4 where all four lie inside the matrix;
		//         a float outside it is stored as 0.
		//         [pt-BR] para h = 0 e 1, copie quatro floats de A, linha m0 + ar + 64 h,
		//         colunas t + ac a t + ac + 3, para As na linha ar + 64 h, coluna ac; e quatro
		//         floats de B, linha t + br + 8 h, colunas n0 + bc a n0 + bc + 3, para Bs na
		//         linha br + 8 h, coluna bc. Um vload4 onde os quatro estão dentro da matriz;
		//         um float fora dela é guardado como 0.

		// TODO 2: wait until both tiles are whole.
		//         [pt-BR] espere até que os dois tiles estejam inteiros.

		// TODO 3: for each k of the tile, copy the 8 values As[(ty + 16 i) * BK + k] into a
		//         private float a[8] and the 8 values Bs[k * BN + tx + 16 j] into b[8],
		//         then add a[i] * b[j] to acc[i][j] for all 64 pairs.
		//         [pt-BR] para cada k do tile, copie os 8 valores As[(ty + 16 i) * BK + k]
		//         para um float a[8] privado e os 8 valores Bs[k * BN + tx + 16 j] para b[8],
		//         depois some a[i] * b[j] a acc[i][j] para todos os 64 pares.

		// TODO 4: wait until every work-item is done with the tiles.
		//         [pt-BR] espere até que todo item tenha terminado com os tiles.
	}
	// TODO 5: write acc[i][j] to C at row m0 + ty + 16 i, column n0 + tx + 16 j, for the
	//         elements that lie inside C.
	//         [pt-BR] escreva acc[i][j] em C na linha m0 + ty + 16 i, coluna n0 + tx + 16 j,
	//         para os elementos que estão dentro de C.
}
