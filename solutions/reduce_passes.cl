// reduce_strided: strided accumulation, then a tree within the work-group.
// [pt-BR] reduce_strided: acumulação espaçada, depois uma árvore dentro do grupo de trabalho.
__kernel void reduce_strided(__global const int *in, __global int *out,
			     __local int *scratch, uint len)
{
	uint gid = get_global_id(0);
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint step = get_global_size(0);

	// Every element below len falls in exactly one work-item's range.
	// [pt-BR] Todo elemento abaixo de len cai na faixa de exatamente um item.
	int sum = 0;
	for (uint i = gid; i < len; i += step)
		sum += in[i];

	// Work-items with nothing to add still store 0, so every slot is written.
	// [pt-BR] Itens sem nada para somar ainda guardam 0, então toda posição é escrita.
	scratch[lid] = sum;
	barrier(CLK_LOCAL_MEM_FENCE);

	for (uint s = W / 2; s > 0; s >>= 1) {
		if (lid < s)
			scratch[lid] += scratch[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}

	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
