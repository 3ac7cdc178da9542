// transpose_naive: trA becomes the transpose of a.
//
// a has rowsA rows and columnsA columns, stored row after row. The NDRange is rounded up to
// multiples of 16 in both dimensions, so some work-items fall outside the matrix.
// Dimension 0 of the NDRange walks the rows of a, dimension 1 its columns.
// The lesson: `clings lesson transpose_naive`.
//
// [pt-BR] transpose_naive: trA vira a transposta de a.
//
// a tem rowsA linhas e columnsA colunas, guardadas linha após linha. O NDRange é arredondado
// para múltiplos de 16 nas duas dimensões, então alguns itens caem fora da matriz. A dimensão 0
// do NDRange percorre as linhas de a, a dimensão 1 as suas colunas.
// A lição: `clings lesson transpose_naive`.
__kernel void matrixtranspose(__global const int *a, __global int *trA, ushort columnsA, ushort rowsA)
{
	int i = get_global_id(0);
	int j = get_global_id(1);

	// TODO: element (i, j) of a is element (j, i) of trA. Which index of trA is that,
	//       given that trA has rowsA columns? And which work-items must do nothing?
	//       [pt-BR] o elemento (i, j) de a é o elemento (j, i) de trA. Qual é esse índice
	//       de trA, sabendo que trA tem rowsA colunas? E quais itens não devem fazer nada?
}
