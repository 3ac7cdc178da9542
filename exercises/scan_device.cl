// scan_device: the inclusive prefix sum of n ints, out[i] = in[0] + ... + in[i], in three kernels
// that the host launches one after the other on the same buffers.
// Fill in the TODOs; the lesson: `clings lesson scan_device`.
//
// [pt-BR] scan_device: a soma de prefixo inclusiva de n ints, out[i] = in[0] + ... + in[i], em
// três kernels que o host lança um depois do outro sobre os mesmos buffers. Preencha os TODOs.
// A lição: `clings lesson scan_device`.

// Scans the W values of tmp in place (W = the work-group size, a power of two): afterwards
// tmp[lid] holds tmp[0] + ... + tmp[lid]. Every work-item of the group must call it.
// [pt-BR] Faz o scan no lugar dos W valores de tmp (W = o tamanho do grupo, potência de
// dois): depois, tmp[lid] guarda tmp[0] + ... + tmp[lid]. Todo item do grupo precisa chamá-la.
void scan_local(__local int *tmp, uint lid, uint wg)
{
	// TODO 1: at distance d = 1, 2, 4, ... below wg, each work-item adds the value d places to
	//         its left (when there is one) into its own slot. Read first, wait for everyone,
	//         then write, then wait again: a slot read at one distance is written at the same one.
	//         [pt-BR] à distância d = 1, 2, 4, ... abaixo de wg, cada item soma à sua
	//         posição o valor d posições à esquerda (quando houver). Leia primeiro, espere
	//         todos, depois escreva, depois espere de novo: uma posição lida numa distância
	//         é escrita nessa mesma distância.
}

// Step 1: each work-group scans its block of W elements of in into out, and writes the block's
// total to sums[group].
// [pt-BR] Passo 1: cada grupo faz o scan do seu bloco de W elementos de in para out, e
// escreve o total do bloco em sums[grupo].
__kernel void scan_blocks(__global const int *in, __global int *out, __global int *sums,
			  __local int *tmp, uint n)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	uint gid = get_global_id(0);

	// TODO 2: load this work-item's element into tmp (0 past n: it changes no sum), wait for
	//         the whole block, and scan it with scan_local.
	//         [pt-BR] carregue o elemento deste item em tmp (0 depois de n: não muda
	//         nenhuma soma), espere o bloco inteiro e faça o scan com scan_local.

	// TODO 3: write the scanned value to out (only below n), and let the last work-item of
	//         the group write the block's total to sums[get_group_id(0)].
	//         [pt-BR] escreva o valor varrido em out (só abaixo de n), e deixe o último
	//         item do grupo escrever o total do bloco em sums[get_group_id(0)].
}

// Step 2: one work-group scans the block totals in place: sums[g] becomes the total of blocks
// 0 .. g.
// [pt-BR] Passo 2: um grupo faz o scan dos totais dos blocos no lugar: sums[g] vira o
// total dos blocos 0 .. g.
__kernel void scan_sums(__global int *sums, __local int *tmp, uint groups)
{
	uint lid = get_local_id(0), wg = get_local_size(0);

	// TODO 4: the same as a block: load (0 past groups), wait, scan, write back below groups.
	//         [pt-BR] o mesmo que num bloco: carregue (0 depois de groups), espere, varra,
	//         escreva de volta abaixo de groups.
}

// Step 3: every block but the first adds the total of the blocks before it.
// [pt-BR] Passo 3: todo bloco menos o primeiro soma o total dos blocos antes dele.
__kernel void add_offsets(__global int *out, __global const int *sums, uint n)
{
	// TODO 5: which entry of sums holds the total of the blocks before this one?
	//         [pt-BR] qual entrada de sums guarda o total dos blocos antes deste?
}
