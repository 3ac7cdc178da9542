// expect: uninitialized
// diagnosis: local_slot_unwritten
// Writes a slot only when the first element exists: in a ragged group the
// slots of the idle work-items keep whatever local memory held.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void reduce_double(__global const double *in, __global double *out,
			    __local double *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint base = 2 * W * get_group_id(0);

	if (base + lid < len) {
		double sum = in[base + lid];
		if (base + W + lid < len)
			sum += in[base + W + lid];
		scratch[lid] = sum;
	}
	barrier(CLK_LOCAL_MEM_FENCE);

	for (uint s = W / 2; s > 0; s >>= 1) {
		if (lid < s)
			scratch[lid] += scratch[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}

	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
