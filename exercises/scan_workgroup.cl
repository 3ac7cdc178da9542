// scan_workgroup: inclusive prefix sums within each work-group.
//
// With W the local size (a power of two), work-group g owns the elements with
// indices [gW, gW + W) that are below len, and writes, for each of them,
//
//     out[i] = in[gW] + in[gW + 1] + ... + in[i]
//
// (the sum restarts at every group). `tmp` holds 2W ints: two buffers of W.
//
// The Hillis-Steele scan: for offset = 1, 2, 4, ... below W, every slot adds
// the slot `offset` places to its left, if there is one. Each step must read
// the values of the step before, so it reads one half of tmp and writes the
// other, with a barrier after every step.

__kernel void scan_workgroup(__global const int *in, __global int *out,
			     __local int *tmp, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint gid = get_global_id(0);

	// Where the two halves start: a step reads tmp[src ..], writes tmp[dst ..].
	uint src = 0, dst = W;

	// TODO 1: load in[gid] into tmp[src + lid], 0 where gid is not below len.

	barrier(CLK_LOCAL_MEM_FENCE);

	// TODO 2: the steps, offset = 1, 2, 4, ... below W: write tmp[dst + lid]
	//         from the src half, then a barrier, then swap src and dst.

	// TODO 3: write this work-item's prefix sum to out, where gid < len.
}
