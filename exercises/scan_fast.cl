// scan_fast: an inclusive scan of n ints, reduce-then-scan, in three kernels on the same
// buffers (the check runs them in this order):
//   scan_reduce:  work-group g sums its tile, the 8 * W ints from 8 * W * g on, into sums[g];
//   scan_offsets: one work-group of W turns sums into each tile's offset, the sum of the
//                 tiles before it (exclusive): sums[0] = 0, sums[1] = the first tile's sum...;
//   scan_tiles:   work-group g scans its tile again, each result plus sums[g], into out.
// Work-item gid owns the 8 ints from 8 * gid on: read them with one vload8 where all 8 lie
// below n. tmp holds W ints. n is any size.
// The lesson: `clings lesson scan_fast`.
//
// [pt-BR] scan_fast: uma varredura inclusiva de n ints, reduzir-depois-varrer, em três
// kernels sobre os mesmos buffers (a verificação os roda nesta ordem):
//   scan_reduce:  o grupo g soma seu tile, os 8 * W ints a partir de 8 * W * g, em sums[g];
//   scan_offsets: um grupo de W transforma sums no deslocamento de cada tile, a soma dos
//                 tiles antes dele (exclusiva): sums[0] = 0, sums[1] = a soma do primeiro...;
//   scan_tiles:   o grupo g varre seu tile de novo, cada resultado mais sums[g], em out.
// O item gid cuida dos 8 ints a partir de 8 * gid: leia-os com um vload8 onde os 8 estão
// abaixo de n. tmp guarda W ints. n é qualquer tamanho.
// A lição: `clings lesson scan_fast`.
#define ITEMS 8

// The exclusive scan of one value per work-item: the sum of the values of the work-items
// before lid, and the group's total in *total. tmp is free again when it returns.
// [pt-BR] A varredura exclusiva de um valor por item: a soma dos valores dos itens antes de
// lid, e o total do grupo em *total. tmp fica livre de novo quando ela retorna.
int group_exclusive(__local int *tmp, int v, uint lid, uint wg, int *total)
{
	tmp[lid] = v;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint d = 1; d < wg; d *= 2) {
		int left = lid >= d ? tmp[lid - d] : 0;
		barrier(CLK_LOCAL_MEM_FENCE);
		tmp[lid] += left;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	int inclusive = tmp[lid];
	*total = tmp[wg - 1];
	barrier(CLK_LOCAL_MEM_FENCE);
	return inclusive - v;
}

__kernel void scan_reduce(__global const int *in, __global int *sums, __local int *tmp, uint n)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	uint i = get_global_id(0) * ITEMS;
	// TODO 1: load the 8 ints from i on into an int8 (0 past n), add them, and sum the
	//         group's values in tmp (a halving tree); work-item 0 writes the sum to
	//         sums[get_group_id(0)].
	//         [pt-BR] carregue os 8 ints a partir de i num int8 (0 depois de n), some-os, e
	//         some os valores do grupo em tmp (uma árvore que divide ao meio); o item 0
	//         escreve a soma em sums[get_group_id(0)].
}

__kernel void scan_offsets(__global int *sums, __local int *tmp, uint groups)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	// TODO 2: give each work-item a run of per = ceil(groups / wg) neighbouring tiles:
	//         add up its run's sums, get the sum of the runs before it with
	//         group_exclusive, then walk the run again writing each tile's offset.
	//         [pt-BR] dê a cada item uma sequência de per = ceil(groups / wg) tiles vizinhos:
	//         some as sums da sua sequência, obtenha a soma das sequências antes dela com
	//         group_exclusive, depois percorra a sequência de novo escrevendo o deslocamento
	//         de cada tile.
}

__kernel void scan_tiles(__global const int *in, __global int *out, __global const int *sums,
			 __local int *tmp, uint n)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	uint i = get_global_id(0) * ITEMS;
	// TODO 3: load the 8 ints as scan_reduce does, scan them in registers, add the sum of
	//         the group's work-items before this one (group_exclusive) and the tile's
	//         offset sums[get_group_id(0)], and write the 8 results from out + i on (one
	//         vstore8 where all 8 lie below n).
	//         [pt-BR] carregue os 8 ints como scan_reduce faz, varra-os em registradores,
	//         some a soma dos itens do grupo antes deste (group_exclusive) e o deslocamento do
	//         tile sums[get_group_id(0)], e escreva os 8 resultados a partir de out + i (um
	//         vstore8 onde os 8 estão abaixo de n).
}
