// expect: signature_mismatch
// diagnosis: signature
// columnsA and rowsA are ushort in the contract, not int.
__kernel void matrixtranspose(__global const int *a, __global int *trA, int columnsA, int rowsA)
{
	int i = get_global_id(0);
	int j = get_global_id(1);
	if (i < rowsA && j < columnsA)
		trA[j * rowsA + i] = a[i * columnsA + j];
}
