// expect: requirement_unmet line 10
// diagnosis: tile_not_shared
// message: touches 12.0 different 32-byte sectors
// Right results, but no tile in local memory: this is the naive transpose.
__kernel void matrixtranspose(__global const int *a, __global int *trA, ushort columnsA, ushort rowsA)
{
	int i = get_global_id(0);
	int j = get_global_id(1);
	if (i < rowsA && j < columnsA)
		trA[j * rowsA + i] = a[i * columnsA + j];
}
