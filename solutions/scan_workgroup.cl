// scan_workgroup: Hillis-Steele inclusive scan of each group's W elements, double-buffered.
// [pt-BR] scan_workgroup: scan inclusivo de Hillis-Steele dos W elementos de cada grupo, com
// dois buffers que se alternam.
__kernel void scan_workgroup(__global const int *in, __global int *out,
			     __local int *tmp, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint gid = get_global_id(0);

	// Two halves of tmp, starting at src and dst: a step reads one, writes the other.
	// [pt-BR] Duas metades de tmp, começando em src e dst: um passo lê uma e escreve a
	// outra.
	uint src = 0, dst = W;

	// 0, the identity of +, past the end of a ragged last group.
	// [pt-BR] 0, o elemento neutro de +, depois do fim de um último grupo incompleto.
	tmp[src + lid] = gid < len ? in[gid] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);

	for (uint offset = 1; offset < W; offset *= 2) {
		if (lid >= offset)
			tmp[dst + lid] = tmp[src + lid] + tmp[src + lid - offset];
		else
			tmp[dst + lid] = tmp[src + lid];
		barrier(CLK_LOCAL_MEM_FENCE);
		uint t = src;
		src = dst;
		dst = t;
	}

	if (gid < len)
		out[gid] = tmp[src + lid];
}
