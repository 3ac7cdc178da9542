// expect: wrong_result
// diagnosis: contract_ignored
// message: count[0]: expected
// Zero is not positive: keeping it changes the count.
__kernel void compact(__global const int *in, __global int *out, __global uint *count, uint n)
{
	size_t i = get_global_id(0);
	if (i < n && in[i] >= 0)
		out[atomic_inc(count)] = in[i];
}
