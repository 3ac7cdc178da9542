// memory_4: the sum of one work-group's slice, in local memory.
//
// Work-group g owns the input elements with indices 2*g*W .. 2*g*W + 2*W - 1 (W is the
// work-group size); it must write their sum (of those below len) to out[g].
// Read lessons/en/memory_4.md first (clings shows it), then fill in the TODOs.
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint wg = get_local_size(0);

	// TODO 1: give this work-item's slot of scratch a starting value that cannot change
	//         the sum, then add the (up to) two input elements this work-item owns.
	//         Some of them may lie past len.

	// TODO 2: make sure every work-item has filled its slot before anyone reads a neighbour's.

	// TODO 3: combine the slots in a tree, pairs at distance 1, then 2, then 4, ...
	//         Every step reads what the previous step wrote.

	// TODO 4: one work-item writes the group's sum to out[get_group_id(0)].
}
