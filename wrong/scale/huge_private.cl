// expect: crash [--no-analysis]
// diagnosis: private_too_large
// message: too large for a work-item's stack
// A private array of 16 MB in every work-item: on a CPU device the stack overflows.
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	volatile float big[1 << 22];
	size_t i = get_global_id(0);
	big[(i * 7919) % (1 << 22)] = i < len ? in[i] : 0;
	if (i < len)
		out[i] = factor * big[(i * 7919) % (1 << 22)];
}
