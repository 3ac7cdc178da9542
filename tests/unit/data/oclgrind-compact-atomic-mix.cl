__kernel void compact(__global const int *in, __global int *out, __global uint *count, uint n)
{
	size_t i = get_global_id(0);
	if (i < n && in[i] > 0) {
		out[count[0]] = in[i];
		atomic_inc(count);
	}
}
