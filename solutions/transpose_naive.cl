// Reference: one work-item copies one element; dimension 0 walks the rows of a.
// [pt-BR] Referência: um item copia um elemento; a dimensão 0 anda pelas linhas de a.
__kernel void matrixtranspose(__global const int *a, __global int *trA, ushort columnsA, ushort rowsA)
{
	int i = get_global_id(0);
	int j = get_global_id(1);
	if (i < rowsA && j < columnsA)
		trA[j * rowsA + i] = a[i * columnsA + j];
}
