// expect: out_of_bounds line 9
// expect: out_of_bounds [--no-analysis]
// diagnosis: guard_missing
// No bounds check: the work-items of the rounded-up NDRange write outside the matrix.
__kernel void matrixtranspose(__global const int *a, __global int *trA, ushort columnsA, ushort rowsA)
{
	int i = get_global_id(0);
	int j = get_global_id(1);
	trA[j * rowsA + i] = a[i * columnsA + j];
}
