// scan_blelloch: exclusive prefix sums, with O(n) additions.
//
// With W the local size (a power of two), work-group g owns the n = 2W elements
// with indices [base, base + n), base = 2Wg, and writes, for each of them that
// is below len, the sum of the group's elements before it:
//
//     out[base + k] = in[base] + ... + in[base + k - 1]     (out[base] = 0)
//
// `tmp` holds at least 2W ints. The loads and stores are written for you;
// the sweeps are yours, with a barrier before every step:
//
//   up-sweep, offset = 1, 2, 4, ... : for each pair of slots offset apart,
//       left = offset*(2k+1) - 1 and right = offset*(2k+2) - 1, the right
//       slot adds the left one (work-item k does pair k, while pairs remain);
//   then the last slot, the total, becomes 0;
//   down-sweep, offset = W, W/2, ..., 1: for the same pairs, the left slot
//       takes the right one's value and the right one adds the left's old
//       value.
// The lesson: `clings lesson scan_blelloch`.
//
// [pt-BR] scan_blelloch: somas de prefixo exclusivas, com O(n) adições.
//
// Com W o tamanho local (potência de dois), o grupo g é dono dos n = 2W elementos de índices
// [base, base + n), base = 2Wg, e escreve, para cada um deles que esteja abaixo de len, a soma
// dos elementos do grupo antes dele:
//
//     out[base + k] = in[base] + ... + in[base + k - 1]     (out[base] = 0)
//
// `tmp` guarda pelo menos 2W ints. As cargas e as escritas já estão feitas; as varreduras são
// suas, com uma barreira antes de cada passo:
//
//     subida, offset = 1, 2, 4, ... : para cada par de posições a offset de
//         distância, esquerda = offset*(2k+1) - 1 e direita = offset*(2k+2) - 1,
//         a direita soma a esquerda (o item k faz o par k, enquanto houver pares);
//     depois a última posição, o total, vira 0;
//     descida, offset = W, W/2, ..., 1: para os mesmos pares, a esquerda fica
//         com o valor da direita e a direita soma o valor antigo da esquerda.
// A lição: `clings lesson scan_blelloch`.

__kernel void scan_blelloch(__global const int *in, __global int *out,
			    __local int *tmp, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint n = 2 * W;
	uint base = n * get_group_id(0);

	tmp[lid] = base + lid < len ? in[base + lid] : 0;
	tmp[lid + W] = base + lid + W < len ? in[base + lid + W] : 0;

	// TODO 1: the up-sweep: log2(n) steps, each starting with a barrier.
	//         [pt-BR] a subida: log2(n) passos, cada um começando com uma barreira.

	// TODO 2: one work-item sets the last slot, tmp[n - 1], to 0.
	//         [pt-BR] um item põe 0 na última posição, tmp[n - 1].

	// TODO 3: the down-sweep: log2(n) steps, each starting with a barrier.
	//         [pt-BR] a descida: log2(n) passos, cada um começando com uma barreira.

	barrier(CLK_LOCAL_MEM_FENCE);

	if (base + lid < len)
		out[base + lid] = tmp[lid];
	if (base + lid + W < len)
		out[base + lid + W] = tmp[lid + W];
}
