// Reference: C = A x B, one element of C per work-item, one TS x TS block of C per work-group.
// The group walks along K one tile at a time: it copies a TS x TS tile of A and one of B into
// local memory (0 outside the matrices), waits, multiplies the two tiles, and waits again
// before the next tile overwrites them. In both loads the fastest local id, lx, walks along a
// row of memory.
// [pt-BR] Referência: C = A x B, um elemento de C por item, um bloco TS x TS de C por grupo. O
// grupo anda ao longo de K um tile por vez: copia um tile TS x TS de A e um de B para a memória
// local (0 fora das matrizes), espera, multiplica os dois tiles, e espera de novo antes que o
// próximo tile os sobrescreva. Nas duas cargas o id local mais rápido, lx, anda ao longo de uma
// linha da memória.
__kernel void matmul(__global const float *A, __global const float *B, __global float *C,
		     __local float *Asub, __local float *Bsub, uint M, uint N, uint K)
{
	uint TS = get_local_size(0);            // square work-groups: the tile's edge
	                                        // [pt-BR] grupos quadrados: a aresta do tile
	uint lx = get_local_id(0), ly = get_local_id(1);
	uint col = get_global_id(0);            // column of C (and of B)
	                                        // [pt-BR] coluna de C (e de B)
	uint row = get_global_id(1);            // row of C (and of A)
	                                        // [pt-BR] linha de C (e de A)
	float acc = 0.0f;

	for (uint t = 0; t < K; t += TS) {
		uint a_col = t + lx, b_row = t + ly;
		Asub[ly * TS + lx] = row < M && a_col < K ? A[row * K + a_col] : 0.0f;
		Bsub[ly * TS + lx] = b_row < K && col < N ? B[b_row * N + col] : 0.0f;
		barrier(CLK_LOCAL_MEM_FENCE);           // the tiles are whole
		                                        // [pt-BR] os tiles estão inteiros

		for (uint k = 0; k < TS; k++)
			acc += Asub[ly * TS + k] * Bsub[k * TS + lx];
		barrier(CLK_LOCAL_MEM_FENCE);           // everyone is done with them
		                                        // [pt-BR] todos já terminaram de
		                                        // usá-los
	}
	if (row < M && col < N)
		C[row * N + col] = acc;
}
