// scale: out[i] = factor * in[i] for every index i below len.
//
// The host starts round_up(len, W) work-items in work-groups of W work-items.
// When len is not a multiple of W, the last work-group holds work-items that
// have no element to work on.

__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	// TODO 1: find the index of the element this work-item owns. Among the
	//         ids OpenCL gives a work-item, which one is unique in the whole
	//         NDRange?

	// TODO 2: work-items past the end of the data must not touch memory.

	// TODO 3: write factor times the input element into out.
}
