// expect: wrong_result
// diagnosis: guard_wrong_bound
// message: No work-group stored anything into out
// The guard lets through only work-groups that lie wholly inside the data: the ragged last one
// writes nothing.
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t i = get_global_id(0), w = get_local_size(0);
	if ((get_group_id(0) + 1) * w <= len)
		out[i] = factor * in[i];
}
