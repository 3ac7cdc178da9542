// transpose_naive: trA becomes the transpose of a.
//
// a has rowsA rows and columnsA columns, stored row after row. The NDRange is rounded up to
// multiples of 16 in both dimensions, so some work-items fall outside the matrix.
// Dimension 0 of the NDRange walks the rows of a, dimension 1 its columns.
__kernel void matrixtranspose(__global const int *a, __global int *trA, ushort columnsA, ushort rowsA)
{
	int i = get_global_id(0);
	int j = get_global_id(1);

	// TODO: element (i, j) of a is element (j, i) of trA. Which index of trA is that,
	//       given that trA has rowsA columns? And which work-items must do nothing?
}
