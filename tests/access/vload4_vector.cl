// 1d. The same four ints through an int4 pointer: the buffer starts aligned to far more than 16
// bytes and element 4 i lies 16 i bytes on, so the int4 is aligned and the compiler may load it
// whole: one 16-byte load (NVIDIA's makes ld.global.v4 of such a load, as in
// docs/measured/ptx-h200/histogram_fast.ptx.gz). 512 consecutive bytes a warp, 16 sectors,
// ideal 16, and nothing split.
// figure: 12 load in 16.0/16.0
// figure: 12 load in split:none
__kernel void k(__global const int *in, __global int *out, uint len)
{
	size_t i = get_global_id(0);
	if (i < len / 4) {
		int4 v = ((__global const int4 *)in)[i];
		out[i] = v.x + v.y + v.z + v.w;
	}
}
