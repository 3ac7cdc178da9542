// expect: pass
// diagnosis: none
// Right, in another order: the last elements take the first places. Places are handed out in
// any order anyway; the check compares what is kept, not where.
__kernel void compact(__global const int *in, __global int *out, __global uint *count, uint n)
{
	size_t g = get_global_id(0);
	if (g >= n)
		return;
	size_t i = n - 1 - g;
	if (in[i] > 0)
		out[atomic_inc(count)] = in[i];
}
