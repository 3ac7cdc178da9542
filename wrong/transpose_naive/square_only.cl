// expect: out_of_bounds line 10
// diagnosis: stride_wrong
// The write index uses columnsA where trA's rows have rowsA elements: right only for square
// matrices; otherwise it writes past the end of trA.
__kernel void matrixtranspose(__global const int *a, __global int *trA, ushort columnsA, ushort rowsA)
{
	int i = get_global_id(0);
	int j = get_global_id(1);
	if (i < rowsA && j < columnsA)
		trA[j * columnsA + i] = a[i * columnsA + j];
}
