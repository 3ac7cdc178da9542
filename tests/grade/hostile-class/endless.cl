// Never ends.
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t i = get_global_id(0);
	while (len > 0)
		i += len;
	if (i < len)
		out[i] = factor * in[i];
}
