// histogram: the reference solution. A histogram per work-group in local memory, counted with
// local atomics, then added into the global one with global atomics.
// [pt-BR] histogram: a solução de referência. Um histograma por grupo de trabalho na memória
// local, contado com atômicos locais, depois somado ao global com atômicos globais.
__kernel void histogram(__global const uint *data, __global uint *counts, __local uint *local_counts,
			uint n, uint bins)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	for (uint b = lid; b < bins; b += wg)
		local_counts[b] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint i = get_global_id(0); i < n; i += get_global_size(0))
		atomic_inc(&local_counts[data[i]]);
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint b = lid; b < bins; b += wg)
		if (local_counts[b])
			atomic_add(&counts[b], local_counts[b]);
}
