// expect: data_race line 11
// diagnosis: race_needs_atomic
// message: read it without an atomic at line 11
// message: An atomic is safe only against other atomics
// The place is read from the counter, then the counter increased with atomic_inc: the read is
// not atomic, so two work-items can read the same place before either increases it.
__kernel void compact(__global const int *in, __global int *out, __global uint *count, uint n)
{
	size_t i = get_global_id(0);
	if (i < n && in[i] > 0) {
		out[count[0]] = in[i];
		atomic_inc(count);
	}
}
