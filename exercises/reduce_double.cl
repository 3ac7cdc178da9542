// reduce_double: the sequential-addressing sum of reduce_sequential, on doubles.
//
// Contract: with W the local size, work-group g sums the elements with indices
// in [2gW, 2gW + 2W) below len and writes the sum to out[g]; scratch holds W
// doubles; the host repeats on the partial sums until one value is left.
//
// Doubles are an optional feature of OpenCL C 1.2: the pragma below turns them
// on. Every value you keep (private sums, local memory) must stay a double.
// The lesson: `clings lesson reduce_double`.
//
// [pt-BR] reduce_double: a soma com endereçamento sequencial de reduce_sequential, em doubles.
//
// Contrato: com W o tamanho local, o grupo g soma os elementos de índices em [2gW, 2gW + 2W)
// abaixo de len e escreve a soma em out[g]; scratch guarda W doubles; o host repete sobre as
// somas parciais até sobrar um valor.
//
// Doubles são um recurso opcional do OpenCL C 1.2: o pragma abaixo os liga. Todo valor que você
// guarda (somas privadas, memória local) precisa continuar double.
// A lição: `clings lesson reduce_double`.

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void reduce_double(__global const double *in, __global double *out,
			    __local double *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint base = 2 * W * get_group_id(0);

	// TODO 1: two guarded loads (base + lid and base + W + lid); what is the
	//         value of a missing element, so that it does not change a sum?
	//         [pt-BR] duas cargas protegidas (base + lid e base + W + lid); qual é o valor
	//         de um elemento que falta, para que ele não mude uma soma?

	// TODO 2: the halving-stride tree, with a barrier that every work-item
	//         reaches after each step.
	//         [pt-BR] a árvore com passo que cai pela metade, com uma barreira a que todo
	//         item chega depois de cada passo.

	// TODO 3: work-item 0 writes the group's sum.
	//         [pt-BR] o item 0 escreve a soma do grupo.
}
