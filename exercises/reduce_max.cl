// reduce_max: the largest element, with the same shape as reduce_seq.
//
// Contract: with W the local size, work-group g finds the largest of the
// elements with indices in [2gW, 2gW + 2W) below len and writes it to out[g];
// scratch holds W floats; the host repeats on the partial results until one
// value is left. Every element is a finite float; all of them may be negative.
//
// The tree is already written. What is missing is the value a work-item uses
// for an element that does not exist (its index is len or more).
// The lesson: `clings lesson reduce_max`.
//
// [pt-BR] reduce_max: o maior elemento, com a mesma forma de reduce_seq.
//
// Contrato: com W o tamanho local, o grupo g acha o maior dos elementos de índices em [2gW, 2gW
// + 2W) abaixo de len e o escreve em out[g]; scratch guarda W floats; o host repete sobre os
// resultados parciais até sobrar um valor. Todo elemento é um float finito; todos podem ser
// negativos.
//
// A árvore já está escrita. O que falta é o valor que um item usa para um elemento que não
// existe (o seu índice é len ou mais).
// A lição: `clings lesson reduce_max`.

// TODO 1: the identity of max: the value v such that max(v, x) == x for
//         every float x. Replace the placeholder below.
//         [pt-BR] a identidade de max: o valor v tal que max(v, x) == x para todo float x.
//         Troque o valor provisório abaixo.
#define MAX_IDENTITY 0.0f

__kernel void reduce_max(__global const float *in, __global float *out,
			 __local float *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint base = 2 * W * get_group_id(0);

	// TODO 2: load the two elements, each guarded, starting from the
	//         identity, and keep the larger one in scratch[lid].
	//         (Until you do, this work-item's slot holds only the identity.)
	//         [pt-BR] carregue os dois elementos, cada um protegido, partindo da
	//         identidade, e guarde o maior em scratch[lid]. (Até você fazer isso, a posição
	//         deste item guarda só a identidade.)
	scratch[lid] = MAX_IDENTITY;
	barrier(CLK_LOCAL_MEM_FENCE);

	for (uint s = W / 2; s > 0; s >>= 1) {
		if (lid < s)
			scratch[lid] = fmax(scratch[lid], scratch[lid + s]);
		barrier(CLK_LOCAL_MEM_FENCE);
	}

	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
