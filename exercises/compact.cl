// compact: copy the positive values of in (n of them at most) to the start of out, packed
// together, in any order, and leave in count[0] how many there are.
//
// count[0] starts at 0.
// The lesson: `clings lesson compact`.
//
// [pt-BR] compact: copie os valores positivos de in (no máximo n deles) para o começo de out,
// juntos, em qualquer ordem, e deixe em count[0] quantos são.
//
// count[0] começa em 0.
// A lição: `clings lesson compact`.
__kernel void compact(__global const int *in, __global int *out, __global uint *count, uint n)
{
	// TODO 1: one work-item per element of in; work-items past n do nothing.
	//         [pt-BR] um item de trabalho por elemento de in; itens depois de n não fazem
	//         nada.

	// TODO 2: a work-item whose element is positive needs a place of its own in out. Every
	//         other such work-item asks at the same moment: take the next free place from
	//         count so that no two work-items get the same one.
	//         [pt-BR] um item cujo elemento é positivo precisa de um lugar só seu em out.
	//         Todos os outros itens assim pedem no mesmo momento: pegue o próximo lugar
	//         livre de count de modo que dois itens nunca recebam o mesmo.

	// TODO 3: write the element there.
	//         [pt-BR] escreva o elemento lá.
}
