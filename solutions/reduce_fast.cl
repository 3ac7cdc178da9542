// reduce_fast: the first add during the load, a grid-stride loop, a halving tree.
// [pt-BR] reduce_fast: a primeira soma durante a carga, um laço que salta uma grade inteira,
// uma árvore que divide pela metade.
__kernel void reduce_fast(__global const int *in, __global int *out,
			  __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint step = 2 * W * get_num_groups(0);

	// Chunks of 2W elements, G chunks apart: two coalesced loads a round,
	// added in a register before local memory sees them.
	// [pt-BR] Pedaços de 2W elementos, a G pedaços de distância: duas cargas coalescidas
	// por rodada, somadas num registrador antes que a memória local as veja.
	int sum = 0;
	for (uint i = 2 * W * get_group_id(0) + lid; i < len; i += step) {
		sum += in[i];
		if (i + W < len)
			sum += in[i + W];
	}
	scratch[lid] = sum;
	barrier(CLK_LOCAL_MEM_FENCE);

	// Every step reads the one before: a barrier each, down to s = 1.
	// [pt-BR] Cada passo lê o anterior: uma barreira em cada um, até s = 1.
	for (uint s = W / 2; s > 0; s >>= 1) {
		if (lid < s)
			scratch[lid] += scratch[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}

	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
