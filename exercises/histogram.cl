// histogram: counts[b] = how many of the n values of data equal b, for every bin b below bins.
//
// The host starts a few work-groups of W work-items each, far fewer work-items than values:
// each work-item takes every (global size)-th value.
// The lesson: `clings lesson histogram`.
//
// [pt-BR] histogram: counts[b] = quantos dos n valores de data são iguais a b, para todo bin b
// abaixo de bins.
//
// O host inicia alguns grupos de trabalho de W itens cada, bem menos itens do que valores: cada
// item pega um valor a cada (tamanho global).
// A lição: `clings lesson histogram`.
__kernel void histogram(__global const uint *data, __global uint *counts, __local uint *local_counts,
			uint n, uint bins)
{
	uint lid = get_local_id(0), wg = get_local_size(0);

	// TODO 1: set every one of the bins counters of local_counts to 0. There may be more bins
	//         than work-items: each work-item clears bins lid, lid + wg, lid + 2*wg, ...
	//         [pt-BR] zere cada um dos bins contadores de local_counts. Pode haver mais
	//         bins do que itens: cada item zera os bins lid, lid + wg, lid + 2*wg, ...

	// TODO 2: no work-item may count before every counter is cleared.
	//         [pt-BR] nenhum item pode contar antes de todos os contadores estarem zerados.

	// TODO 3: for i = get_global_id(0), then i + get_global_size(0), ... below n, count data[i]
	//         in local_counts. Other work-items of the group count into the same counters at
	//         the same moment.
	//         [pt-BR] para i = get_global_id(0), depois i + get_global_size(0), ... abaixo
	//         de n, conte data[i] em local_counts. Outros itens do grupo contam nos mesmos
	//         contadores no mesmo momento.

	// TODO 4: once the whole group has counted, add the group's counters into counts. Other
	//         work-groups add into the same counters of counts.
	//         [pt-BR] quando o grupo inteiro tiver contado, some os contadores do grupo em
	//         counts. Outros grupos somam nos mesmos contadores de counts.
}
