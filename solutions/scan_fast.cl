// scan_fast: the reference solution. One pass over the data: each work-group takes a ticket,
// scans the tile of 32 * W ints its ticket names, and learns the sum of the tiles before it
// from the status words of the groups with earlier tickets (decoupled look-back), so each int
// is read once and written once: the 8 bytes a copy moves.
// [pt-BR] scan_fast: a solução de referência. Uma passada sobre os dados: cada grupo pega uma
// senha, faz o scan do tile de 32 * W ints que a senha indica, e descobre a soma dos tiles
// antes dele pelas palavras de estado dos grupos com senhas anteriores (a busca para trás
// desacoplada), então cada int é lido uma vez e escrito uma vez: os 8 bytes que uma cópia move.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#define ITEMS 32
#define AGGREGATE ((ulong)1 << 32)   // status: the tile's own sum is known
                                     // [pt-BR] estado: a soma do próprio tile é conhecida
#define PREFIX ((ulong)2 << 32)      // status: the sum of every tile up to this one is known
                                     // [pt-BR] estado: a soma de todos os tiles até este é
                                     // conhecida

// Where int i of the tile lives in local memory: one spare word after every 32, so that the
// 32 work-items of a warp reading their own 32 neighbouring ints (lid * 32 + c) are in 32
// different banks, and a round of W neighbouring ints is too.
// [pt-BR] Onde o int i do tile mora na memória local: uma palavra de folga depois de cada 32,
// para que os 32 itens de um warp lendo os seus 32 ints vizinhos (lid * 32 + c) estejam em 32
// bancos diferentes, e uma rodada de W ints vizinhos também.
#define AT(i) ((i) + (i) / 32)

// The exclusive scan of one value per work-item: the sum of the values of the work-items
// before lid, and the group's total in *total. tmp is free again when it returns.
// [pt-BR] O scan exclusivo de um valor por item: a soma dos valores dos itens antes de lid, e o
// total do grupo em *total. tmp fica livre de novo quando ela retorna.
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

// Runs before every scan: no tile is known yet, and the first ticket is 0.
// [pt-BR] Roda antes de cada scan: nenhum tile é conhecido ainda, e a primeira senha é 0.
__kernel void scan_clear(__global ulong *status, __global uint *ticket, uint groups)
{
	uint i = get_global_id(0);
	if (i < groups)
		status[i] = 0;
	if (i == 0)
		*ticket = 0;
}

__kernel void scan_pass(__global const int *in, __global int *out, __global ulong *status,
			__global uint *ticket, __local int *tile, __local int *tmp, uint n)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	// The tile comes from the ticket, not from get_group_id: a group waits only on groups
	// that took their tickets before it, so have started.
	// [pt-BR] O tile vem da senha, não de get_group_id: um grupo só espera por grupos que
	// pegaram as suas senhas antes dele, e que portanto já começaram.
	if (lid == 0)
		tmp[0] = atomic_inc(ticket);
	barrier(CLK_LOCAL_MEM_FENCE);
	uint t = tmp[0], base = t * ITEMS * wg;
	barrier(CLK_LOCAL_MEM_FENCE);

	// Rounds of W neighbouring ints into local memory (a warp reads 128 neighbouring bytes),
	// then each work-item scans its own 32 neighbours in registers.
	// [pt-BR] Rodadas de W ints vizinhos para a memória local (um warp lê 128 bytes
	// vizinhos), depois cada item faz o scan dos seus 32 vizinhos em registradores.
	for (uint r = 0; r < ITEMS; r++) {
		uint i = r * wg + lid;
		tile[AT(i)] = base + i < n ? in[base + i] : 0;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	int v[ITEMS], sum = 0;
	for (uint c = 0; c < ITEMS; c++) {
		sum += tile[AT(lid * ITEMS + c)];
		v[c] = sum;
	}
	int total;
	int before = group_exclusive(tmp, sum, lid, wg, &total);

	// Publish the tile's sum at once, then look back: the first 32 work-items read the status
	// of the 32 tiles before this one together, and work-item 0 adds them from the nearest
	// on, stopping at the first that knows its whole prefix. A status still 0 is waited on.
	// [pt-BR] Publica a soma do tile de uma vez, depois busca para trás: os 32 primeiros
	// itens leem juntos o estado dos 32 tiles antes deste, e o item 0 os soma a partir do
	// mais próximo, parando no primeiro que conhece o seu prefixo inteiro. Um estado ainda
	// 0 é esperado.
	__local int *seen = tile, *done = tile + 32;   // the tile is in v[] now
	                                               // [pt-BR] o tile agora está em v[]
	if (lid == 0) {
		atom_xchg(&status[t], (t > 0 ? AGGREGATE : PREFIX) | (uint)total);
		tmp[1] = 0;
		tmp[2] = t == 0;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	for (int last = (int)t - 1; !tmp[2]; last -= 32) {
		if (lid < 32) {
			int j = last - (int)lid;
			ulong s = PREFIX;   // before tile 0: nothing, and nothing more to look at
			                    // [pt-BR] antes do tile 0: nada, e nada mais a
			                    // olhar
			if (j >= 0)
				do
					s = atom_add(&status[j], (ulong)0);   // an atomic read
					                                      // [pt-BR] uma
					                                      // leitura atômica
				while (s < AGGREGATE);
			seen[lid] = (int)(uint)s;
			done[lid] = s >= PREFIX;
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		if (lid == 0) {
			int prefix = tmp[1], found = 0;
			for (uint k = 0; k < 32 && !found; k++) {
				prefix += seen[k];
				found = done[k];
			}
			tmp[1] = prefix;
			tmp[2] = found;
		}
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	int prefix = tmp[1];
	if (lid == 0 && t > 0)
		atom_xchg(&status[t], PREFIX | (uint)(prefix + total));

	// Each work-item's 32 results back into the tile, then out in rounds as they came in.
	// [pt-BR] Os 32 resultados de cada item de volta no tile, depois para out em rodadas,
	// como vieram.
	for (uint c = 0; c < ITEMS; c++)
		tile[AT(lid * ITEMS + c)] = v[c] + prefix + before;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint r = 0; r < ITEMS; r++) {
		uint i = r * wg + lid;
		if (base + i < n)
			out[base + i] = tile[AT(i)];
	}
}
