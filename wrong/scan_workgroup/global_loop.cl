// expect: requirement_unmet
// diagnosis: tile_not_shared
// message: does not use __local memory
// message: each step reads a slot that another work-item wrote
// No local memory: each work-item adds its group's elements from the start up to its own,
// W*(W+1)/2 loads a group where W would do. Right sums, nothing shared.
__kernel void scan_workgroup(__global const int *in, __global int *out,
			     __local int *tmp, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint gid = get_global_id(0);
	uint first = gid - lid;

	if (gid < len) {
		int sum = 0;
		for (uint i = first; i <= gid; i++)
			sum += in[i];
		out[gid] = sum;
	}
}
