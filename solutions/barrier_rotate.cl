// rotate_left: within each work-group's slice, elements move one place left and the
// first wraps around to the end of the slice.
// [pt-BR] rotate_left: dentro da fatia de cada grupo de trabalho, os elementos andam uma
// posição para a esquerda e o primeiro volta para o fim da fatia.
__kernel void rotate_left(__global const int *in, __global int *out, __local int *tile, uint len)
{
	uint gid = get_global_id(0);
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint start = get_group_id(0) * W;
	uint n = min(W, len - start);   // elements in this group's slice
	                                // [pt-BR] elementos da fatia deste grupo

	if (gid < len)
		tile[lid] = in[gid];

	// Outside any branch: every work-item of the group, in range or not, gets here.
	// [pt-BR] Fora de qualquer desvio: todo item do grupo, dentro da faixa ou não, chega
	// aqui.
	barrier(CLK_LOCAL_MEM_FENCE);

	if (gid < len)
		out[gid] = tile[(lid + 1) % n];
}
