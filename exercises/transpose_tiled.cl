// transpose_tiled: the same transpose, through a 16x16 tile in local memory.
//
// Same contract as transpose_naive. The work-group first copies its 16x16 block of a into a
// __local tile, waits, then writes the tile out to the mirrored block of trA. On both sides
// the fastest local id, li, walks along a row of memory: the lesson shows why.
// The lesson: `clings lesson transpose_tiled`.
//
// [pt-BR] transpose_tiled: a mesma transposição, por meio de um tile 16x16 na memória local.
//
// O mesmo contrato de transpose_naive. O grupo primeiro copia o seu bloco 16x16 de a para um
// tile __local, espera, e depois escreve o tile no bloco espelhado de trA. Dos dois lados o id
// local mais rápido, li, anda ao longo de uma linha da memória: a lição mostra por quê.
// A lição: `clings lesson transpose_tiled`.
#define T 16
__kernel void matrixtranspose(__global const int *a, __global int *trA, ushort columnsA, ushort rowsA)
{
	int li = get_local_id(0), lj = get_local_id(1);
	int g0 = get_group_id(0), g1 = get_group_id(1);

	// TODO 1: declare the tile in local memory and copy element (g0*T + lj, g1*T + li) of a
	//         (row, column) into tile[lj][li], only where it lies inside a.
	//         [pt-BR] declare o tile na memória local e copie o elemento (g0*T + lj, g1*T +
	//         li) de a (linha, coluna) para tile[lj][li], só onde ele está dentro de a.

	// TODO 2: wait until the whole tile is loaded.
	//         [pt-BR] espere até o tile inteiro estar carregado.

	// TODO 3: this work-group writes block (g1, g0) of trA: write tile[li][lj] to row
	//         g1*T + lj, column g0*T + li of trA, only where it lies inside trA.
	//         [pt-BR] este grupo escreve o bloco (g1, g0) de trA: escreva tile[li][lj] na
	//         linha g1*T + lj, coluna g0*T + li de trA, só onde ela está dentro de trA.
}
