// scan_fast: an inclusive scan of n ints in one pass, in two kernels on the same buffers (the
// check runs them in this order):
//   scan_clear: status[g] = 0 for every tile g, and *ticket = 0;
//   scan_pass:  each work-group takes a ticket t with atomic_inc(ticket), scans tile t (the
//               32 * W ints from 32 * W * t on), learns the sum of the tiles before it from
//               their status words (look-back), and writes its 32 * W results into out.
// A status word holds a flag in its high 32 bits and a sum in its low 32: AGGREGATE | sum
// (the tile's own sum), then PREFIX | sum (the sum of every tile up to and with this one).
// tile holds 33 * W ints, tmp W ints. n is any size.
// The lesson: `clings lesson scan_fast`.
//
// [pt-BR] scan_fast: um scan inclusivo de n ints numa passada só, em dois kernels sobre
// os mesmos buffers (a verificação os roda nesta ordem):
//   scan_clear: status[g] = 0 para todo tile g, e *ticket = 0;
//   scan_pass:  cada grupo pega uma senha t com atomic_inc(ticket), varre o tile t (os
//               32 * W ints a partir de 32 * W * t), descobre a soma dos tiles antes dele
//               pelas palavras de estado deles (busca para trás), e escreve seus 32 * W
//               resultados em out.
// Uma palavra de estado guarda uma marca nos 32 bits altos e uma soma nos 32 baixos:
// AGGREGATE | soma (a soma do próprio tile), depois PREFIX | soma (a soma de todos os tiles
// até este, inclusive). tile guarda 33 * W ints, tmp W ints. n é qualquer tamanho.
// A lição: `clings lesson scan_fast`.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#define ITEMS 32
#define AGGREGATE ((ulong)1 << 32)
#define PREFIX ((ulong)2 << 32)

// Where int i of the tile lives in local memory: one spare word after every 32.
// [pt-BR] Onde o int i do tile fica na memória local: uma palavra sobrando a cada 32.
#define AT(i) ((i) + (i) / 32)

// The exclusive scan of one value per work-item: the sum of the values of the work-items
// before lid, and the group's total in *total. tmp is free again when it returns.
// [pt-BR] O scan exclusivo de um valor por item: a soma dos valores dos itens antes de
// lid, e o total do grupo em *total. tmp fica livre de novo quando ela retorna.
int group_exclusive(__local int *tmp, int v, uint lid, uint wg, int *total)
{
	tmp[lid] = v;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint d = 1; d < wg; d *= 2) {
		int left = lid >= d ? tmp[lid - d] : 0;
		barrier(CLK_LOCAL_MEM_FENCE);
		tmp[lid] += left;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	int inclusive = tmp[lid];
	*total = tmp[wg - 1];
	barrier(CLK_LOCAL_MEM_FENCE);
	return inclusive - v;
}

__kernel void scan_clear(__global ulong *status, __global uint *ticket, uint groups)
{
	uint i = get_global_id(0);
	// TODO 1: clear status[i] for every tile (i < groups), and set *ticket to 0 once.
	//         [pt-BR] zere status[i] para cada tile (i < groups), e ponha *ticket em 0 uma vez.
}

__kernel void scan_pass(__global const int *in, __global int *out, __global ulong *status,
			__global uint *ticket, __local int *tile, __local int *tmp, uint n)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	// TODO 2: work-item 0 takes the group's ticket t = atomic_inc(ticket) and shares it
	//         through tmp[0]; the tile starts at base = t * ITEMS * wg.
	//         [pt-BR] o item 0 pega a senha do grupo t = atomic_inc(ticket) e a divide por
	//         tmp[0]; o tile começa em base = t * ITEMS * wg.
	// TODO 3: read the tile in ITEMS rounds: round r, work-item lid copies in[base + r * wg +
	//         lid] (0 past n) into tile[AT(r * wg + lid)]. After a barrier, scan your own 32
	//         neighbours tile[AT(lid * ITEMS + c)] in registers, and group_exclusive their sum.
	//         [pt-BR] leia o tile em ITEMS rodadas: na rodada r, o item lid copia
	//         in[base + r * wg + lid] (0 depois de n) para tile[AT(r * wg + lid)]. Depois de
	//         uma barreira, varra seus 32 vizinhos tile[AT(lid * ITEMS + c)] em registradores,
	//         e passe a soma deles por group_exclusive.
	// TODO 4: publish the tile's total with atom_xchg (PREFIX for tile 0, else AGGREGATE),
	//         then look back from status[t - 1]: read each word with atom_add(&status[j], 0),
	//         wait while it is 0, add its sum, and stop at the first PREFIX. Publish
	//         PREFIX | (prefix + total). The lesson reads 32 words at once.
	//         [pt-BR] publique o total do tile com atom_xchg (PREFIX para o tile 0, senão
	//         AGGREGATE), e então olhe para trás a partir de status[t - 1]: leia cada palavra
	//         com atom_add(&status[j], 0), espere enquanto for 0, some a soma dela, e pare no
	//         primeiro PREFIX. Publique PREFIX | (prefix + total). A lição lê 32 palavras de
	//         uma vez.
	// TODO 5: put your 32 results (plus the prefix and the sum of the work-items before you)
	//         back into the tile, and after a barrier write out in the rounds of TODO 3,
	//         only below n.
	//         [pt-BR] ponha seus 32 resultados (mais o prefixo e a soma dos itens antes de
	//         você) de volta no tile, e depois de uma barreira escreva out nas rodadas do
	//         TODO 3, só abaixo de n.
}
