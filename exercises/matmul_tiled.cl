// matmul_tiled: C = A x B through tiles of A and B in local memory.
//
// A is M x K, B is K x N, C is M x N, all float and stored row by row. The work-groups are
// square, TS x TS work-items, and work-group (gx, gy) computes the TS x TS block of C whose
// top-left element is row gy*TS, column gx*TS: work-item (lx, ly) computes C at row
// `row`, column `col` below. Asub and Bsub are TS*TS floats of local memory each, one tile
// of A and one of B, stored row by row (element (r, c) of a tile is at r * TS + c).
// No size is a multiple of TS.
// The lesson: `clings lesson matmul_tiled`.
//
// [pt-BR] matmul_tiled: C = A x B por meio de tiles de A e de B na memória local.
//
// A é M x K, B é K x N, C é M x N, todos float e guardados linha por linha. Os grupos de
// trabalho são quadrados, TS x TS itens, e o grupo (gx, gy) calcula o bloco TS x TS de C cujo
// elemento do canto superior esquerdo está na linha gy*TS, coluna gx*TS: o item (lx, ly)
// calcula C na linha `row`, coluna `col` abaixo. Asub e Bsub têm TS*TS floats de memória local
// cada, um tile de A e um de B, guardados linha por linha (o elemento (r, c) de um tile fica em
// r * TS + c). Nenhum tamanho é múltiplo de TS.
// A lição: `clings lesson matmul_tiled`.
__kernel void matmul(__global const float *A, __global const float *B, __global float *C,
		     __local float *Asub, __local float *Bsub, uint M, uint N, uint K)
{
	uint TS = get_local_size(0);            // the tile's edge
	                                        // (pt-BR: a aresta do tile)
	uint lx = get_local_id(0), ly = get_local_id(1);
	uint col = get_global_id(0);            // column of C (and of B)
	                                        // (pt-BR: coluna de C e de B)
	uint row = get_global_id(1);            // row of C (and of A)
	                                        // (pt-BR: linha de C e de A)
	float acc = 0.0f;

	for (uint t = 0; t < K; t += TS) {
		// TODO 1: copy one element of each tile: A at row `row`, column t + lx into
		//         Asub[ly * TS + lx], and B at row t + ly, column `col` into
		//         Bsub[ly * TS + lx]. An element outside its matrix is stored as 0.
		//         [pt-BR] copie um elemento de cada tile: A na linha `row`, coluna t +
		//         lx para Asub[ly * TS + lx], e B na linha t + ly, coluna `col` para
		//         Bsub[ly * TS + lx]. Um elemento fora da sua matriz é guardado como 0.

		// TODO 2: wait until both tiles are whole.
		//         [pt-BR] espere até os dois tiles estarem completos.

		// TODO 3: add this tile's TS products of row ly of Asub and column lx of Bsub
		//         to acc.
		//         [pt-BR] some a acc os TS produtos da linha ly de Asub pela coluna lx
		//         de Bsub deste tile.

		// TODO 4: wait until every work-item is done with the tiles before the next
		//         round overwrites them.
		//         [pt-BR] espere até todo item terminar de usar os tiles antes que a
		//         próxima rodada os sobrescreva.
	}
	// TODO 5: write acc to C, if (row, col) lies inside C.
	//         [pt-BR] escreva acc em C, se (row, col) estiver dentro de C.
}
