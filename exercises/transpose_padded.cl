// matrixtranspose, padded: trA (columnsA x rowsA) is the transpose of a
// (rowsA x columnsA); both are stored row by row.
//
// Tiles of 32 x 32 this time, moved by work-groups of 32 x 8: group (g0, g1) owns the
// block of `a` whose rows start at g0*T and whose columns start at g1*T, and each
// work-item moves the rows ly, ly + 8, ly + 16 and ly + 24 of it. Dimension 0 of
// the NDRange walks the rows of `a`, as in transpose_tiled.
//
// The fast-moving local id (dimension 0, lx) walks along a row in memory on both
// sides, so a warp of 32 reads one row of `a` and writes one row of trA. The price is
// that the tile is read down a column, and the tile needs one extra column of padding
// to keep that read fast.
// The lesson: `clings lesson transpose_padded`.
//
// [pt-BR] matrixtranspose, com preenchimento: trA (columnsA x rowsA) é a transposta de a (rowsA
// x columnsA); as duas guardadas linha por linha.
//
// Tiles de 32 x 32 desta vez, movidos por grupos de 32 x 8: o grupo (g0, g1) é dono do bloco de
// `a` cujas linhas começam em g0*T e cujas colunas começam em g1*T, e cada item move as linhas
// ly, ly + 8, ly + 16 e ly + 24 dele. A dimensão 0 do NDRange percorre as linhas de `a`, como
// em transpose_tiled.
//
// O id local que varia mais rápido (dimensão 0, lx) anda ao longo de uma linha na memória dos
// dois lados, então um warp de 32 lê uma linha de `a` e escreve uma linha de trA. O preço é que
// o tile é lido descendo uma coluna, e o tile precisa de uma coluna extra de preenchimento para
// manter essa leitura rápida.
// A lição: `clings lesson transpose_padded`.

#define T 32
#define ROWS 8   // work-items per column of the block: each moves T / ROWS elements
                 // (pt-BR: itens por coluna do bloco: cada um move T / ROWS elementos)

__kernel void matrixtranspose(__global const int *a, __global int *trA,
			      ushort columnsA, ushort rowsA)
{
	uint lx = get_local_id(0);       // neighbouring work-items differ in lx
	                                 // (pt-BR: itens vizinhos diferem em lx)
	uint ly = get_local_id(1);       // 0 .. ROWS - 1
	uint row0 = get_group_id(0) * T; // first row of a in this block
	                                 // (pt-BR: primeira linha de a neste bloco)
	uint col0 = get_group_id(1) * T; // first column of a in this block
	                                 // (pt-BR: primeira coluna de a neste bloco)

	// TODO 1: declare the tile in local memory: T rows of T + 1 ints.
	//         [pt-BR] declare o tile na memória local: T linhas de T + 1 ints.

	// TODO 2: load. For k = ly, ly + ROWS, ... below T, work-item (lx, ly) reads a at
	//         row row0 + k, column col0 + lx (when both are inside a) into tile[k][lx].
	//         [pt-BR] carga. Para k = ly, ly + ROWS, ... abaixo de T, o item (lx, ly) lê a
	//         na linha row0 + k, coluna col0 + lx (quando as duas estão dentro de a) para
	//         tile[k][lx].

	// TODO 3: the store below reads slots loaded by other work-items.
	//         [pt-BR] a escrita abaixo lê posições carregadas por outros itens.

	// TODO 4: store. In trA, this block starts at row col0 and column row0. For the same
	//         k, work-item (lx, ly) writes trA at row col0 + k, column row0 + lx (when
	//         both are inside trA). Which tile slot holds that element?
	//         [pt-BR] escrita. Em trA, este bloco começa na linha col0 e coluna row0. Para
	//         o mesmo k, o item (lx, ly) escreve trA na linha col0 + k, coluna row0 + lx
	//         (quando as duas estão dentro de trA). Qual posição do tile guarda esse
	//         elemento?
}
