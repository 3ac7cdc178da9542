// Every work-item prints as much as it can.
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t i = get_global_id(0);
	for (int k = 0; k < 100000; k++)
		printf("%d xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n", k);
	if (i < len)
		out[i] = factor * in[i];
}
