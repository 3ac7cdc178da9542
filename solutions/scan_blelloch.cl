// scan_blelloch: the work-efficient exclusive scan of each group's 2W elements.
// [pt-BR] scan_blelloch: o scan exclusivo eficiente dos 2W elementos de cada grupo.
__kernel void scan_blelloch(__global const int *in, __global int *out,
			    __local int *tmp, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint n = 2 * W;
	uint base = n * get_group_id(0);

	// Two coalesced loads; 0, the identity of +, past the end.
	// [pt-BR] Duas cargas coalescidas; 0, o elemento neutro de +, depois do fim.
	tmp[lid] = base + lid < len ? in[base + lid] : 0;
	tmp[lid + W] = base + lid + W < len ? in[base + lid + W] : 0;

	// Up-sweep: d pairs at distance offset; the right one gets the sum.
	// [pt-BR] Subida: d pares à distância offset; o da direita recebe a soma.
	uint offset = 1;
	for (uint d = W; d > 0; d >>= 1) {
		barrier(CLK_LOCAL_MEM_FENCE);
		if (lid < d) {
			uint left = offset * (2 * lid + 1) - 1;
			uint right = offset * (2 * lid + 2) - 1;
			tmp[right] += tmp[left];
		}
		offset *= 2;
	}

	// The root holds the total; the exclusive scan starts from 0.
	// [pt-BR] A raiz tem o total; o scan exclusivo começa de 0.
	if (lid == 0)
		tmp[n - 1] = 0;

	// Down-sweep: the left child gets the parent's value, the right one adds
	// the left child's old sum.
	// [pt-BR] Descida: o filho da esquerda recebe o valor do pai, o da direita soma a ele a
	// soma antiga do filho da esquerda.
	for (uint d = 1; d < n; d *= 2) {
		offset >>= 1;
		barrier(CLK_LOCAL_MEM_FENCE);
		if (lid < d) {
			uint left = offset * (2 * lid + 1) - 1;
			uint right = offset * (2 * lid + 2) - 1;
			int t = tmp[left];
			tmp[left] = tmp[right];
			tmp[right] += t;
		}
	}
	barrier(CLK_LOCAL_MEM_FENCE);

	if (base + lid < len)
		out[base + lid] = tmp[lid];
	if (base + lid + W < len)
		out[base + lid + W] = tmp[lid + W];
}
