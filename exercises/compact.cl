// compact: copy the positive values of in (n of them at most) to the start of out, packed
// together, in any order, and leave in count[0] how many there are.
//
// count[0] starts at 0. Read lessons/en/compact.md first (clings shows it).
__kernel void compact(__global const int *in, __global int *out, __global uint *count, uint n)
{
	// TODO 1: one work-item per element of in; work-items past n do nothing.

	// TODO 2: a work-item whose element is positive needs a place of its own in out. Every
	//         other such work-item asks at the same moment: take the next free place from
	//         count so that no two work-items get the same one.

	// TODO 3: write the element there.
}
