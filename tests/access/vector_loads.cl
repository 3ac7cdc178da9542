// 1d. vload2 and vstore2 are loads and stores of their buffer like any other: lane k reads the
// 8 bytes of in[2(32w + k)], in[2(32w + k) + 1], 256 consecutive bytes, 8 sectors, ideal 8.
// Each work-item stores its pair into out2 = out + 2 * 256 the same way. A gather with a stride
// of 4 pairs touches 4 times the sectors: 32 sectors, ideal 8.
// figure: 13 load in 8.0/8.0
// figure: 14 load in 32.0/8.0
// figure: 15 store out 8.0/8.0
__kernel void k(__global const int *in, __global int *out, uint len)
{
	size_t i = get_global_id(0);
	__global int *out2 = out;
	if (i < len / 2) {
		int2 v = vload2(i, in);
		int2 w = vload2(4 * i, in);
		vstore2(v + w, i, out2);
	}
}
