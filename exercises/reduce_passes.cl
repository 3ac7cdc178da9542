// reduce_strided: a sum reduction that needs fewer passes than memory_4.
//
// The host starts G work-groups of W work-items (G is capped, so it can be far
// smaller than len / W). Every element below len must be counted exactly once:
//
//   1. Each work-item adds up the elements i, i + S, i + 2S, ... below len,
//      where i is its global id and S the total number of work-items.
//   2. The work-group adds up its W partial sums in `scratch` (W ints), with
//      a barrier after every step of the tree.
//   3. Work-item 0 writes the group's sum to out[group id].
//
// The host then starts the kernel again on the G partial sums, until one value
// is left. W is a power of two.
// The lesson: `clings lesson reduce_passes`.
//
// [pt-BR] reduce_strided: uma redução de soma que precisa de menos passadas que memory_4.
//
// O host inicia G grupos de W itens (G tem um teto, então pode ser bem menor que len / W). Todo
// elemento abaixo de len precisa ser contado exatamente uma vez:
//
//     1. Cada item soma os elementos i, i + S, i + 2S, ... abaixo de len,
//        onde i é o seu id global e S o número total de itens.
//     2. O grupo soma as suas W somas parciais em `scratch` (W ints), com
//        uma barreira depois de cada passo da árvore.
//     3. O item 0 escreve a soma do grupo em out[id do grupo].
//
// O host então inicia o kernel de novo sobre as G somas parciais, até sobrar um valor. W é
// potência de dois.
// A lição: `clings lesson reduce_passes`.

__kernel void reduce_strided(__global const int *in, __global int *out,
			     __local int *scratch, uint len)
{
	uint gid = get_global_id(0);
	uint lid = get_local_id(0);
	uint W = get_local_size(0);

	// TODO 1: accumulate this work-item's strided range into a private sum.
	//         Where does it start, how far is each step, where does it stop?
	//         [pt-BR] acumule numa soma privada o intervalo espaçado deste item. Onde
	//         começa, de quanto é cada passo, onde para?

	// TODO 2: store the private sum in this work-item's slot of scratch and
	//         wait until the whole group has stored its slot.
	//         [pt-BR] guarde a soma privada na posição deste item em scratch e espere até o
	//         grupo inteiro guardar a sua.

	// TODO 3: reduce scratch to one value (a tree, a barrier after each step).
	//         [pt-BR] reduza scratch a um valor (uma árvore, uma barreira depois de cada
	//         passo).

	// TODO 4: one work-item writes the group's sum.
	//         [pt-BR] um item escreve a soma do grupo.
}
