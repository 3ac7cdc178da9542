// FILL IN: the stub of {{name}}, what the learner starts from: it builds, and fails its check.
__kernel void {{kernel}}(__global const int *in, __global int *out, uint len)
{
	size_t i = get_global_id(0);
	// TODO: out at i gets in at i, for every i below len
}
