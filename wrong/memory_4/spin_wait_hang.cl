// expect: timeout [--no-analysis]
// diagnosis: hang
// Work-items wait in a loop for a flag the last work-item of the group sets. A GPU gives no
// promise that the last one ever runs while the others spin; a CPU device runs them one
// after the other and never gets there.
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint wg = get_local_size(0);
	volatile __local int *flag = (volatile __local int *)scratch;
	if (lid == wg - 1)
		flag[0] = 1;
	while (flag[0] != 1)
		;
	if (lid == 0)
		out[get_group_id(0)] = in[0] + (int)len;
}
