// expect: wrong_result
// diagnosis: local_id_as_global_index
// message: get_local_id(0) starts again from 0 in every work-group
// Uses the id inside the work-group: every group writes the same first W elements.
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t i = get_local_id(0);
	if (i < len)
		out[i] = factor * in[i];
}
// fix: global_local_id @7
