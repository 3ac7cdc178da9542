// scan_workgroup: inclusive prefix sums within each work-group.
//
// With W the local size (a power of two), work-group g owns the elements with
// indices [gW, gW + W) that are below len, and writes, for each of them,
//
//     out[i] = in[gW] + in[gW + 1] + ... + in[i]
//
// (the sum restarts at every group). `tmp` holds 2W ints: two buffers of W.
//
// The Hillis-Steele scan: for offset = 1, 2, 4, ... below W, every slot adds
// the slot `offset` places to its left, if there is one. Each step must read
// the values of the step before, so it reads one half of tmp and writes the
// other, with a barrier after every step.
// The lesson: `clings lesson scan_workgroup`.
//
// [pt-BR] scan_workgroup: somas de prefixo inclusivas dentro de cada grupo de trabalho.
//
// Com W o tamanho local (potência de dois), o grupo g é dono dos elementos de índices [gW, gW +
// W) que estão abaixo de len, e escreve, para cada um deles,
//
//     out[i] = in[gW] + in[gW + 1] + ... + in[i]
//
// (a soma recomeça em cada grupo). `tmp` guarda 2W ints: dois buffers de W.
//
// O scan de Hillis-Steele: para offset = 1, 2, 4, ... abaixo de W, cada posição soma a
// posição `offset` lugares à sua esquerda, se houver. Cada passo precisa ler os valores do
// passo anterior, então lê uma metade de tmp e escreve na outra, com uma barreira depois de
// cada passo.
// A lição: `clings lesson scan_workgroup`.

__kernel void scan_workgroup(__global const int *in, __global int *out,
			     __local int *tmp, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint gid = get_global_id(0);

	// Where the two halves start: a step reads tmp[src ..], writes tmp[dst ..].
	// [pt-BR] Onde as duas metades começam: um passo lê tmp[src ..] e escreve tmp[dst ..].
	uint src = 0, dst = W;

	// TODO 1: load in[gid] into tmp[src + lid], 0 where gid is not below len.
	//         [pt-BR] carregue in[gid] em tmp[src + lid], 0 onde gid não está abaixo de
	//         len.

	barrier(CLK_LOCAL_MEM_FENCE);

	// TODO 2: the steps, offset = 1, 2, 4, ... below W: write tmp[dst + lid]
	//         from the src half, then a barrier, then swap src and dst.
	//         [pt-BR] os passos, offset = 1, 2, 4, ... abaixo de W: escreva tmp[dst + lid]
	//         a partir da metade src, depois uma barreira, depois troque src e dst.

	// TODO 3: write this work-item's prefix sum to out, where gid < len.
	//         [pt-BR] escreva em out a soma de prefixo deste item, onde gid < len.
}
