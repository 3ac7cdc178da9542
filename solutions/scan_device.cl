// scan_device: the reference solution. Hillis-Steele in local memory for one block, the same
// for the blocks' totals, then the offsets.
// [pt-BR] scan_device: a solução de referência. Hillis-Steele na memória local para um bloco, o
// mesmo para os totais dos blocos, depois os deslocamentos.
void scan_local(__local int *tmp, uint lid, uint wg)
{
	for (uint d = 1; d < wg; d *= 2) {
		int left = lid >= d ? tmp[lid - d] : 0;
		barrier(CLK_LOCAL_MEM_FENCE);
		tmp[lid] += left;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
}

__kernel void scan_blocks(__global const int *in, __global int *out, __global int *sums,
			  __local int *tmp, uint n)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	uint gid = get_global_id(0);
	tmp[lid] = gid < n ? in[gid] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	scan_local(tmp, lid, wg);
	if (gid < n)
		out[gid] = tmp[lid];
	if (lid == wg - 1)
		sums[get_group_id(0)] = tmp[lid];
}

__kernel void scan_sums(__global int *sums, __local int *tmp, uint groups)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	tmp[lid] = lid < groups ? sums[lid] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	scan_local(tmp, lid, wg);
	if (lid < groups)
		sums[lid] = tmp[lid];
}

__kernel void add_offsets(__global int *out, __global const int *sums, uint n)
{
	uint g = get_group_id(0), gid = get_global_id(0);
	if (g > 0 && gid < n)
		out[gid] += sums[g - 1];
}
