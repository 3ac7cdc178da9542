// histogram_fast: the reference solution. A few work-groups, each with its histogram in local
// memory: every work-item counts four values a round, rounds a whole grid apart; then the group
// adds its counters into counts once, with global atomics. The four values are read through a
// uint4 pointer: the buffer starts aligned to far more than 16 bytes and element 4 i is 16 i
// bytes on, so the uint4 is aligned, and the compiler, told so by the type, can load the four
// in one instruction (a vload4 from a uint * is promised only 4-byte alignment).
// [pt-BR] histogram_fast: a solução de referência. Poucos grupos de trabalho, cada um com o seu
// histograma na memória local: cada item conta quatro valores por rodada, rodadas a uma grade
// inteira de distância; depois o grupo soma os seus contadores em counts uma vez, com atômicos
// globais. Os quatro valores são lidos por um ponteiro uint4: o buffer começa alinhado a muito
// mais que 16 bytes e o elemento 4 i fica 16 i bytes adiante, então o uint4 está alinhado, e o
// compilador, avisado pelo tipo, pode carregar os quatro numa instrução (um vload4 de um uint *
// só tem a promessa de alinhamento de 4 bytes).
__kernel void histogram(__global const uint *data, __global uint *counts, __local uint *local_counts,
			uint n, uint bins)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	uint gid = get_global_id(0), size = get_global_size(0);
	for (uint b = lid; b < bins; b += wg)
		local_counts[b] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);                   // every counter is 0
	                                                // [pt-BR] todo contador é 0

	uint n4 = n / 4;                                // whole groups of four values
	                                                // [pt-BR] grupos inteiros de quatro
	                                                // valores
	for (uint i = gid; i < n4; i += size) {
		uint4 v = ((__global const uint4 *)data)[i];
		atomic_inc(&local_counts[v.x]);
		atomic_inc(&local_counts[v.y]);
		atomic_inc(&local_counts[v.z]);
		atomic_inc(&local_counts[v.w]);
	}
	if (gid < n - 4 * n4)                           // the last n % 4 values, one each
	                                                // [pt-BR] os últimos n % 4 valores, um
	                                                // cada
		atomic_inc(&local_counts[data[4 * n4 + gid]]);
	barrier(CLK_LOCAL_MEM_FENCE);                   // every count of the group is in
	                                                // [pt-BR] toda contagem do grupo já
	                                                // entrou

	for (uint b = lid; b < bins; b += wg)
		if (local_counts[b])
			atomic_add(&counts[b], local_counts[b]);
}
