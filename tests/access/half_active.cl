// 1d. Only the odd work-items store: 16 lanes of a warp, one int each, at their own element.
// They touch the 4 sectors of the warp's 128 bytes, and so would any kernel in which the same 16
// lanes store their own elements: the ideal is 4, not the 2 sectors 64 packed bytes would fill.
// figure: 9 store out 4.0/4.0
__kernel void k(__global const int *in, __global int *out, uint len)
{
	size_t i = get_global_id(0);
	if (i % 2)
		out[i] = 1;
	else
		out[i - 0] = in[i];
}
