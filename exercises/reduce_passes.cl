// reduce_strided: a sum reduction that needs fewer passes than memory_4.
//
// The host starts G work-groups of W work-items (G is capped, so it can be far
// smaller than len / W). Every element below len must be counted exactly once:
//
//   1. Each work-item adds up the elements i, i + S, i + 2S, ... below len,
//      where i is its global id and S the total number of work-items.
//   2. The work-group adds up its W partial sums in `scratch` (W ints), with
//      a barrier after every step of the tree.
//   3. Work-item 0 writes the group's sum to out[group id].
//
// The host then starts the kernel again on the G partial sums, until one value
// is left. W is a power of two.

__kernel void reduce_strided(__global const int *in, __global int *out,
			     __local int *scratch, uint len)
{
	uint gid = get_global_id(0);
	uint lid = get_local_id(0);
	uint W = get_local_size(0);

	// TODO 1: accumulate this work-item's strided range into a private sum.
	//         Where does it start, how far is each step, where does it stop?

	// TODO 2: store the private sum in this work-item's slot of scratch and
	//         wait until the whole group has stored its slot.

	// TODO 3: reduce scratch to one value (a tree, a barrier after each step).

	// TODO 4: one work-item writes the group's sum.
}
