// reduce_seq: the work-group sum of memory_4, rebuilt for a GPU.
//
// Same contract as memory_4: with W the local size, work-group g sums the
// elements with indices in [2gW, 2gW + 2W) that are below len, and writes the
// sum to out[g]. `scratch` holds W ints. The host repeats the launch on the
// partial sums until one value is left. W is a power of two.
//
// What changes is the shape of the work:
//   - loads: work-item lid reads elements 2gW + lid and 2gW + W + lid, so
//     neighbouring work-items read neighbouring addresses;
//   - tree: the distance between the two slots being added starts at W/2 and
//     halves every step, so the busy work-items are always lid = 0, 1, 2, ...

__kernel void reduce_seq(__global const int *in, __global int *out,
			 __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint base = 2 * W * get_group_id(0);

	// TODO 1: add the (up to) two elements of this work-item, each one only
	//         when its index is below len, and store the pair in scratch[lid].

	barrier(CLK_LOCAL_MEM_FENCE);

	// TODO 2: the tree with a halving stride s = W/2, W/4, ..., 1: the first
	//         s work-items add the slot s places to their right into their own.
	//         Keep the barrier where every work-item reaches it.

	// TODO 3: one work-item writes the group's sum to out.
}
