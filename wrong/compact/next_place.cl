// expect: wrong_result
// diagnosis: index_offset
// message: is missing; 1 place was never written
// atomic_inc returns the count before its increment; taken for the one after, place 0 stays
// empty and the last value lands past the count.
__kernel void compact(__global const int *in, __global int *out, __global uint *count, uint n)
{
	size_t i = get_global_id(0);
	if (i < n && in[i] > 0)
		out[atomic_inc(count) + 1] = in[i];
}
