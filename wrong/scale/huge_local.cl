// expect: build_error
// diagnosis: private_too_large
// message: more than a work-group has on this device
// A __local array of 16 MB: no device's work-group has that much local memory.
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	__local float big[1 << 22];
	size_t i = get_global_id(0);
	big[get_local_id(0)] = in[i < len ? i : 0];
	barrier(CLK_LOCAL_MEM_FENCE);
	if (i < len)
		out[i] = factor * big[get_local_id(0)];
}
