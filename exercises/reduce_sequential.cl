// reduce_seq: the work-group sum of memory_4, rebuilt for a GPU.
//
// Same contract as memory_4: with W the local size, work-group g sums the
// elements with indices in [2gW, 2gW + 2W) that are below len, and writes the
// sum to out[g]. `scratch` holds W ints. The host repeats the launch on the
// partial sums until one value is left. W is a power of two.
//
// What changes is the shape of the work:
//   - loads: work-item lid reads elements 2gW + lid and 2gW + W + lid, so
//     neighbouring work-items read neighbouring addresses;
//   - tree: the distance between the two slots being added starts at W/2 and
//     halves every step, so the busy work-items are always lid = 0, 1, 2, ...
// The lesson: `clings lesson reduce_sequential`.
//
// [pt-BR] reduce_seq: a soma por grupo de memory_4, refeita para uma GPU.
//
// O mesmo contrato de memory_4: com W o tamanho local, o grupo g soma os elementos de índices
// em [2gW, 2gW + 2W) que estão abaixo de len, e escreve a soma em out[g]. `scratch` guarda W
// ints. O host repete o lançamento sobre as somas parciais até sobrar um valor. W é potência de
// dois.
//
// O que muda é a forma do trabalho:
//
//     - cargas: o item lid lê os elementos 2gW + lid e 2gW + W + lid, então
//       itens vizinhos leem endereços vizinhos;
//     - árvore: a distância entre as duas posições somadas começa em W/2 e
//       cai pela metade a cada passo, então os itens ocupados são sempre
//       lid = 0, 1, 2, ...
// A lição: `clings lesson reduce_sequential`.

__kernel void reduce_seq(__global const int *in, __global int *out,
			 __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint base = 2 * W * get_group_id(0);

	// TODO 1: add the (up to) two elements of this work-item, each one only
	//         when its index is below len, and store the pair in scratch[lid].
	//         [pt-BR] some os (até) dois elementos deste item, cada um só quando o seu
	//         índice está abaixo de len, e guarde o par em scratch[lid].

	barrier(CLK_LOCAL_MEM_FENCE);

	// TODO 2: the tree with a halving stride s = W/2, W/4, ..., 1: the first
	//         s work-items add the slot s places to their right into their own.
	//         Keep the barrier where every work-item reaches it.
	//         [pt-BR] a árvore com passo s = W/2, W/4, ..., 1: os s primeiros itens somam à
	//         sua posição a que está s posições à direita. Deixe a barreira onde todo item
	//         chegue a ela.

	// TODO 3: one work-item writes the group's sum to out.
	//         [pt-BR] um item escreve a soma do grupo em out.
}
