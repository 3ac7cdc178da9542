// transpose_tiled: the same transpose, through a 16x16 tile in local memory.
//
// Same contract as transpose_naive. The work-group first copies its 16x16 block of a into a
// __local tile, waits, then writes the tile out to the mirrored block of trA. The lesson
// explains when this makes both global sides contiguous, and when it does not.
#define T 16
__kernel void matrixtranspose(__global const int *a, __global int *trA, ushort columnsA, ushort rowsA)
{
	int li = get_local_id(0), lj = get_local_id(1);
	int i = get_global_id(0), j = get_global_id(1);

	// TODO 1: declare the tile in local memory and copy element (i, j) of a into it
	//         (only where (i, j) lies inside a).

	// TODO 2: wait until the whole tile is loaded.

	// TODO 3: work out which block of trA this work-group writes (swap the group indices),
	//         and write one element of the tile there (only inside trA).
}
