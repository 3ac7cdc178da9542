// histogram_fast: count n values (each below bins) into counts, with at most a few
// work-groups: a histogram per group in local memory, then one merge per group.
//
// counts starts at 0. local_counts holds bins counters for the group. The groups are few
// (the check caps them), so each work-item counts many values: four a round, read as one uint4
// (one 16-byte load), rounds a whole grid apart. n is any size.
// The lesson: `clings lesson histogram_fast`.
//
// [pt-BR] histogram_fast: conte n valores (cada um abaixo de bins) em counts, com no máximo
// poucos grupos de trabalho: um histograma por grupo na memória local, depois uma fusão por
// grupo.
//
// counts começa em 0. local_counts guarda bins contadores para o grupo. Os grupos são poucos
// (a verificação os limita), então cada item conta muitos valores: quatro por volta, lidos como
// um uint4 (uma carga de 16 bytes), voltas a uma grade inteira de distância. n é qualquer
// tamanho.
// A lição: `clings lesson histogram_fast`.
__kernel void histogram(__global const uint *data, __global uint *counts, __local uint *local_counts,
			uint n, uint bins)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	uint gid = get_global_id(0), size = get_global_size(0);
	for (uint b = lid; b < bins; b += wg)
		local_counts[b] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);                   // every counter is 0
	                                                // [pt-BR] todo contador é 0

	uint n4 = n / 4;                                // whole groups of four values
	                                                // [pt-BR] grupos inteiros de quatro valores
	// TODO 1: for i = gid, gid + size, ... below n4: read the four values as one uint4,
	//         ((__global const uint4 *)data)[i], and count each with atomic_inc(&local_counts[...]).
	//         [pt-BR] para i = gid, gid + size, ... abaixo de n4: leia os quatro valores como um
	//         uint4, ((__global const uint4 *)data)[i], e conte cada um com
	//         atomic_inc(&local_counts[...]).

	// TODO 2: the last n % 4 values (from 4 * n4 on): work-item gid counts the one at
	//         4 * n4 + gid, if there is one.
	//         [pt-BR] os últimos n % 4 valores (a partir de 4 * n4): o item gid conta o que
	//         está em 4 * n4 + gid, se houver.

	// TODO 3: wait until every count of the group is in, then add each counter that is not
	//         0 into counts with atomic_add (the work-items share the bins as in the
	//         clearing loop above).
	//         [pt-BR] espere até que toda contagem do grupo esteja feita, depois some em
	//         counts, com atomic_add, cada contador que não é 0 (os itens dividem os bins como
	//         no laço que zera acima).
}
