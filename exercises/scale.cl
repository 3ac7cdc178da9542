// scale: out[i] = factor * in[i] for every index i below len.
//
// The host starts round_up(len, W) work-items in work-groups of W work-items.
// When len is not a multiple of W, the last work-group holds work-items that
// have no element to work on.
// The lesson: `clings lesson scale`.
//
// [pt-BR] scale: out[i] = factor * in[i] para todo índice i abaixo de len.
//
// O host inicia round_up(len, W) itens de trabalho em grupos de W itens. Quando len não é
// múltiplo de W, o último grupo tem itens que não têm elemento com que trabalhar.
// A lição: `clings lesson scale`.

__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	// TODO 1: find the index of the element this work-item owns. Among the
	//         ids OpenCL gives a work-item, which one is unique in the whole
	//         NDRange?
	//         [pt-BR] ache o índice do elemento que este item tem. Dentre os ids que o
	//         OpenCL dá a um item, qual é único em todo o NDRange?

	// TODO 2: work-items past the end of the data must not touch memory.
	//         [pt-BR] itens depois do fim dos dados não podem tocar na memória.

	// TODO 3: write factor times the input element into out.
	//         [pt-BR] escreva em out factor vezes o elemento de entrada.
}
