// Reference: each work-group moves one 16x16 block of a through a tile in local memory to the
// mirrored block of trA. On both sides the fastest local id, li, walks along a row of memory,
// so a warp reads and writes runs of consecutive ints.
// [pt-BR] Referência: cada grupo move um bloco 16x16 de a por um tile na memória local até o
// bloco espelhado de trA. Dos dois lados o id local mais rápido, li, anda ao longo de uma linha
// da memória, então um warp lê e escreve sequências de ints consecutivos.
#define T 16
__kernel void matrixtranspose(__global const int *a, __global int *trA, ushort columnsA, ushort rowsA)
{
	__local int tile[T][T];
	int li = get_local_id(0), lj = get_local_id(1);
	int g0 = get_group_id(0), g1 = get_group_id(1);

	/* block (g0, g1) of a, one row of it per lj */
	int r = g0 * T + lj, c = g1 * T + li;
	if (r < rowsA && c < columnsA)
		tile[lj][li] = a[r * columnsA + c];
	barrier(CLK_LOCAL_MEM_FENCE);

	/* block (g1, g0) of trA: its row g1*T + lj is column g1*T + lj of a */
	r = g1 * T + lj;
	c = g0 * T + li;
	if (r < columnsA && c < rowsA)
		trA[r * rowsA + c] = tile[li][lj];
}
