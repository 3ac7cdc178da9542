// expect: wrong_result
// diagnosis: result_slot_wrong
// message: never written
// The count is right, but each value stays at its own index instead of being packed.
__kernel void compact(__global const int *in, __global int *out, __global uint *count, uint n)
{
	size_t i = get_global_id(0);
	if (i < n && in[i] > 0) {
		atomic_inc(count);
		out[i] = in[i];
	}
}
