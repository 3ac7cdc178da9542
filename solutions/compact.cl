// compact: the reference solution. atomic_inc returns the count before its increment: the
// first free place, which no other work-item will get.
// [pt-BR] compact: a solução de referência. atomic_inc devolve a contagem de antes do seu
// incremento: o primeiro lugar livre, que nenhum outro item de trabalho vai receber.
__kernel void compact(__global const int *in, __global int *out, __global uint *count, uint n)
{
	size_t i = get_global_id(0);
	if (i < n && in[i] > 0)
		out[atomic_inc(count)] = in[i];
}
