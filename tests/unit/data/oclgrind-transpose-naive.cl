__kernel void matrixtranspose(__global const int *a, __global int *trA,
			      ushort columnsA, ushort rowsA)
{
	size_t i = get_global_id(0), j = get_global_id(1);

	if (i < rowsA && j < columnsA)
		trA[j * rowsA + i] = a[i * columnsA + j];
}
