// reduce_seq: coalesced loads and a tree with a halving stride.
// [pt-BR] reduce_seq: cargas coalescidas e uma árvore cujo passo cai pela metade.
__kernel void reduce_seq(__global const int *in, __global int *out,
			 __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint base = 2 * W * get_group_id(0);

	// Neighbouring work-items read neighbouring addresses, in both loads.
	// [pt-BR] Itens vizinhos leem endereços vizinhos, nas duas cargas.
	int sum = 0;
	if (base + lid < len)
		sum = in[base + lid];
	if (base + W + lid < len)
		sum += in[base + W + lid];
	scratch[lid] = sum;
	barrier(CLK_LOCAL_MEM_FENCE);

	// The active work-items stay packed at the front: 0 .. s-1.
	// [pt-BR] Os itens ativos ficam juntos no começo: 0 .. s-1.
	for (uint s = W / 2; s > 0; s >>= 1) {
		if (lid < s)
			scratch[lid] += scratch[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}

	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
