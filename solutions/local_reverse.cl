// reverse_blocks: every block of BLOCK elements comes out reversed.
// [pt-BR] reverse_blocks: todo bloco de BLOCK elementos sai invertido.
#define BLOCK 64

__kernel void reverse_blocks(__global const int *in, __global int *out)
{
	__local int block[BLOCK];
	size_t gid = get_global_id(0);
	size_t lid = get_local_id(0);

	block[lid] = in[gid];

	// The slot read below was written by another work-item of the group.
	// [pt-BR] A posição lida abaixo foi escrita por outro item do grupo.
	barrier(CLK_LOCAL_MEM_FENCE);

	out[gid] = block[BLOCK - 1 - lid];
}
