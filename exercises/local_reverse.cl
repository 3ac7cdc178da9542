// reverse_blocks: the input is cut into blocks of BLOCK elements, one block per
// work-group. Each block comes out reversed:
//
//     out[g*BLOCK + k] = in[g*BLOCK + BLOCK-1 - k]
//
// The host starts exactly len work-items (len is a multiple of BLOCK) in
// work-groups of BLOCK work-items, so no guard is needed here.
//
// The data must travel through local memory: read your element from global
// memory into a local array, then write the mirrored element of that array.
// The lesson: `clings lesson local_reverse`.
//
// [pt-BR] reverse_blocks: a entrada é cortada em blocos de BLOCK elementos, um bloco por grupo
// de trabalho. Cada bloco sai invertido:
//
//     out[g*BLOCK + k] = in[g*BLOCK + BLOCK-1 - k]
//
// O host inicia exatamente len itens de trabalho (len é múltiplo de BLOCK) em grupos de BLOCK
// itens, então nenhuma proteção é necessária aqui.
//
// Os dados precisam passar pela memória local: leia o seu elemento da memória global para um
// vetor local, depois escreva o elemento espelhado desse vetor.
// A lição: `clings lesson local_reverse`.

#define BLOCK 64

__kernel void reverse_blocks(__global const int *in, __global int *out)
{
	// TODO 1: declare a __local array that holds one block.
	//         [pt-BR] declare um vetor __local que guarde um bloco.

	// TODO 2: copy this work-item's element of `in` into the array, at the
	//         slot given by the work-item's local id.
	//         [pt-BR] copie o elemento deste item de `in` para o vetor, na posição dada
	//         pelo id local do item.

	// TODO 3: the element you write next was loaded by another work-item.
	//         Make sure every work-item of the group has stored its element.
	//         [pt-BR] o elemento que você escreve a seguir foi carregado por outro item.
	//         Garanta que todo item do grupo já guardou o seu elemento.

	// TODO 4: write the mirrored slot of the array into out.
	//         [pt-BR] escreva em out a posição espelhada do vetor.
}
