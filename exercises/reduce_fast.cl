// reduce_fast: a sum reduction built for speed.
//
// The host starts G work-groups of W work-items, G = min(ceil_div(len, 2W), cap),
// and repeats the launch on the G partial sums until one value is left. W is a
// power of two; `scratch` holds W ints.
//
// Work-group g owns the chunks of 2W elements numbered g, g + G, g + 2G, ...
// (chunk c holds the indices [2Wc, 2Wc + 2W)). Work-item lid adds, in a private
// int, the elements 2Wc + lid and 2Wc + W + lid of each of its group's chunks,
// each one only when it is below len. Then the group adds its W private sums in
// scratch with a halving tree, and one work-item writes the sum to out[g].
//
// Every step of the tree needs its barrier: OpenCL promises nothing about
// work-items running in lockstep, so there is no barrier-free last step.
// The lesson: `clings lesson reduce_fast`.
//
// [pt-BR] reduce_fast: uma redução de soma feita para ser rápida.
//
// O host inicia G grupos de W itens, G = min(ceil_div(len, 2W), cap), e repete o lançamento
// sobre as G somas parciais até sobrar um valor. W é potência de dois; `scratch` guarda W ints.
//
// O grupo g é dono dos pedaços de 2W elementos de números g, g + G, g + 2G, ... (o pedaço c tem
// os índices [2Wc, 2Wc + 2W)). O item lid soma, num int privado, os elementos 2Wc + lid e 2Wc +
// W + lid de cada pedaço do seu grupo, cada um só quando está abaixo de len. Depois o grupo
// soma as suas W somas privadas em scratch com uma árvore que cai pela metade, e um item
// escreve a soma em out[g].
//
// Cada passo da árvore precisa da sua barreira: o OpenCL não promete nada sobre itens andarem
// juntos, então não há último passo sem barreira.
// A lição: `clings lesson reduce_fast`.

__kernel void reduce_fast(__global const int *in, __global int *out,
			  __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);

	// TODO 1: the loop over this group's chunks. Where does i start, how far
	//         is each step (G is get_num_groups(0)), where does it stop? Add
	//         in[i] and, when it is below len, in[i + W].
	//         [pt-BR] o laço sobre os pedaços deste grupo. Onde i começa, de quanto é cada
	//         passo (G é get_num_groups(0)), onde para? Some in[i] e, quando estiver abaixo
	//         de len, in[i + W].
	int sum = 0;

	scratch[lid] = sum;
	barrier(CLK_LOCAL_MEM_FENCE);

	// TODO 2: the tree with a halving stride s = W/2, ..., 1, a barrier after
	//         every step, where every work-item reaches it.
	//         [pt-BR] a árvore com passo s = W/2, ..., 1, uma barreira depois de cada
	//         passo, onde todo item chegue a ela.

	// TODO 3: one work-item writes the group's sum to out.
	//         [pt-BR] um item escreve a soma do grupo em out.
}
