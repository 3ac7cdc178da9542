// 1d. A vload4 from an int *: lane k reads the 16 bytes of in[4(32w + k)] .. in[4(32w + k) + 3],
// 512 consecutive bytes a warp, 16 sectors, ideal 16. But the pointer promises only an int's
// alignment, 4 bytes, so a GPU may split the load into four 4-byte loads (NVIDIA's OpenCL
// compiler does: each vload2 of vector_loads.cl is two 4-byte ld.global in
// docs/measured/ptx-h200/access.vector_loads.ptx.gz). Piece p of the 32 lanes reads one int
// every 16 bytes, 32 ints over 512 bytes: 16 sectors for each of the four requests
// (split:ALIGNxPIECES:SECTORS). The whole access is judged; the split is told beside it.
// figure: 14 load in 16.0/16.0
// figure: 14 load in split:4x4:16.0
__kernel void k(__global const int *in, __global int *out, uint len)
{
	size_t i = get_global_id(0);
	if (i < len / 4) {
		int4 v = vload4(i, in);
		out[i] = v.x + v.y + v.z + v.w;
	}
}
