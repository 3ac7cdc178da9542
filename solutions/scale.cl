// scale: out[i] = factor * in[i] for every index i below len.
// [pt-BR] scale: out[i] = factor * in[i] para todo índice i abaixo de len.
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t i = get_global_id(0);

	// The last work-group may reach past the data: those work-items do nothing.
	// [pt-BR] O último grupo pode passar do fim dos dados: esses itens não fazem nada.
	if (i < len)
		out[i] = factor * in[i];
}
