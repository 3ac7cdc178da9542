// memory_4: the sum of one work-group's slice, in local memory.
//
// Work-group g owns the input elements with indices 2*g*W .. 2*g*W + 2*W - 1 (W is the
// work-group size); it must write their sum (of those below len) to out[g].
// Fill in the TODOs; the lesson: `clings lesson memory_4`.
//
// [pt-BR] memory_4: a soma da fatia de um grupo de trabalho, na memória local.
//
// O grupo g é dono dos elementos de entrada de índices 2*g*W .. 2*g*W + 2*W - 1 (W é o tamanho
// do grupo); ele deve escrever a soma deles (dos que estão abaixo de len) em out[g]. Preencha
// os TODOs.
// A lição: `clings lesson memory_4`.
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint wg = get_local_size(0);

	// TODO 1: give this work-item's slot of scratch a starting value that cannot change
	//         the sum, then add the (up to) two input elements this work-item owns.
	//         Some of them may lie past len.
	//         [pt-BR] dê à posição deste item em scratch um valor inicial que não mude a
	//         soma, depois some os (até) dois elementos de entrada que este item tem.
	//         Alguns podem estar depois de len.

	// TODO 2: make sure every work-item has filled its slot before anyone reads a neighbour's.
	//         [pt-BR] garanta que todo item preencheu a sua posição antes que alguém leia a
	//         de um vizinho.

	// TODO 3: combine the slots in a tree, pairs at distance 1, then 2, then 4, ...
	//         Every step reads what the previous step wrote.
	//         [pt-BR] combine as posições em árvore, pares à distância 1, depois 2, depois
	//         4, ... Cada passo lê o que o passo anterior escreveu.

	// TODO 4: one work-item writes the group's sum to out[get_group_id(0)].
	//         [pt-BR] um item escreve a soma do grupo em out[get_group_id(0)].
}
