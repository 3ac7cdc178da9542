// reduce_double: the sequential-addressing sum of reduce_sequential, on doubles.
//
// Contract: with W the local size, work-group g sums the elements with indices
// in [2gW, 2gW + 2W) below len and writes the sum to out[g]; scratch holds W
// doubles; the host repeats on the partial sums until one value is left.
//
// Doubles are an optional feature of OpenCL C 1.2: the pragma below turns them
// on. Every value you keep (private sums, local memory) must stay a double.

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void reduce_double(__global const double *in, __global double *out,
			    __local double *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint base = 2 * W * get_group_id(0);

	// TODO 1: two guarded loads (base + lid and base + W + lid); what is the
	//         value of a missing element, so that it does not change a sum?

	// TODO 2: the halving-stride tree, with a barrier that every work-item
	//         reaches after each step.

	// TODO 3: work-item 0 writes the group's sum.
}
