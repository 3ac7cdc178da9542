// expect: wrong_result
// diagnosis: index_transposed
// A copy, not a transpose.
__kernel void matrixtranspose(__global const int *a, __global int *trA, ushort columnsA, ushort rowsA)
{
	int i = get_global_id(0);
	int j = get_global_id(1);
	if (i < rowsA && j < columnsA)
		trA[i * columnsA + j] = a[i * columnsA + j];
}
