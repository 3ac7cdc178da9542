// expect: crash [--no-analysis]
// diagnosis: index_offset
// A write far outside out: on a CPU device it hits memory the process does not own.
// message: Segmentation fault
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	scratch[lid] = in[0];
	barrier(CLK_LOCAL_MEM_FENCE);
	out[(ulong)get_global_id(0) * 1000000000ul + 4000000000ul] = scratch[lid] + len;
}
