// reduce_max: the largest element, sequential addressing, -INFINITY as identity.
// [pt-BR] reduce_max: o maior elemento, endereçamento sequencial, -INFINITY como elemento
// neutro.
#define MAX_IDENTITY (-INFINITY)

__kernel void reduce_max(__global const float *in, __global float *out,
			 __local float *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint base = 2 * W * get_group_id(0);

	// A missing element must never win: nothing is below -INFINITY.
	// [pt-BR] Um elemento que falta nunca pode ganhar: nada fica abaixo de -INFINITY.
	float best = MAX_IDENTITY;
	if (base + lid < len)
		best = in[base + lid];
	if (base + W + lid < len)
		best = fmax(best, in[base + W + lid]);
	scratch[lid] = best;
	barrier(CLK_LOCAL_MEM_FENCE);

	for (uint s = W / 2; s > 0; s >>= 1) {
		if (lid < s)
			scratch[lid] = fmax(scratch[lid], scratch[lid + s]);
		barrier(CLK_LOCAL_MEM_FENCE);
	}

	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
