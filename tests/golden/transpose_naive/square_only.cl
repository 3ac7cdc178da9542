// expect: wrong_result
// The write index uses columnsA where trA's row length is rowsA: right only for square matrices.
__kernel void matrixtranspose(__global const int *a, __global int *trA, ushort columnsA, ushort rowsA)
{
	int i = get_global_id(0);
	int j = get_global_id(1);
	if (i < rowsA && j < columnsA)
		trA[j * columnsA + i] = a[i * columnsA + j];
}
