// rotate_left: each work-group owns a slice of W consecutive elements (the last
// slice may be shorter: it ends at len). Within its slice, every element moves
// one place to the left and the first one wraps around to the end:
//
//     slice  a b c d e      ->      b c d e a
//
// The host starts round_up(len, W) work-items in work-groups of W and gives
// the kernel W ints of local memory in `tile`.
//
// THIS KERNEL IS BROKEN ON PURPOSE. It computes the right numbers when len is
// a multiple of W, and it is still wrong. Find out why (the lesson explains),
// then fix it. You should not need to change the arithmetic.
// The lesson: `clings lesson barrier_rotate`.
//
// [pt-BR] rotate_left: cada grupo de trabalho é dono de uma fatia de W elementos consecutivos
// (a última fatia pode ser menor: termina em len). Dentro da sua fatia, cada elemento anda uma
// posição para a esquerda e o primeiro dá a volta até o fim:
//
//     fatia  a b c d e      ->      b c d e a
//
// O host inicia round_up(len, W) itens de trabalho em grupos de W e dá ao kernel W ints de
// memória local em `tile`.
//
// ESTE KERNEL ESTÁ QUEBRADO DE PROPÓSITO. Ele calcula os números certos quando len é múltiplo
// de W, e mesmo assim está errado. Descubra por quê (a lição explica) e conserte. Não deve ser
// preciso mudar a aritmética.
// A lição: `clings lesson barrier_rotate`.

__kernel void rotate_left(__global const int *in, __global int *out, __local int *tile, uint len)
{
	uint gid = get_global_id(0);
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint start = get_group_id(0) * W;
	uint n = min(W, len - start);   // elements in this group's slice
	                                // (pt-BR: elementos da fatia deste grupo)

	if (gid < len) {
		tile[lid] = in[gid];
		// TODO: who reaches this barrier, and who does not?
		//       [pt-BR] quem chega a esta barreira, e quem não chega?
		barrier(CLK_LOCAL_MEM_FENCE);
		out[gid] = tile[(lid + 1) % n];
	}
}
