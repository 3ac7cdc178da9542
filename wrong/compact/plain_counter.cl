// expect: data_race line 10
// diagnosis: race_needs_atomic
// message: atomic_inc(count)
// message: Several work-items each read this place, change the value and write it back
// The counter read and increased without an atomic: two work-items can take the same place.
__kernel void compact(__global const int *in, __global int *out, __global uint *count, uint n)
{
	size_t i = get_global_id(0);
	if (i < n && in[i] > 0) {
		uint k = count[0];
		count[0] = k + 1;
		out[k] = in[i];
	}
}
