// Reference: out = 4 * centre - up - down - left - right, cells outside the grid count as 0.
// Each work-group copies its block of the grid plus a one-cell halo into local memory, with
// every work-item of the group taking cells of the (WX + 2) x (WY + 2) tile in turn, waits,
// and then reads all five values of its cell from the tile.
// [pt-BR] Referência: out = 4 * centro - acima - abaixo - esquerda - direita, as células fora
// da grade contam como 0. Cada grupo copia o seu bloco da grade mais uma borda (o halo) de uma
// célula para a memória local, com cada item do grupo pegando por vez células do tile de (WX +
// 2) x (WY + 2), espera, e então lê os cinco valores da sua célula no tile.
__kernel void stencil(__global const int *in, __global int *out, __local int *tile,
		      uint width, uint height)
{
	int WX = get_local_size(0), WY = get_local_size(1);
	int TW = WX + 2, TH = WY + 2;                     // the tile, halo included
	                                                  // [pt-BR] o tile, com o halo
	int lx = get_local_id(0), ly = get_local_id(1);
	int x0 = get_group_id(0) * WX, y0 = get_group_id(1) * WY;

	// cell (tx, ty) of the tile is cell (x0 - 1 + tx, y0 - 1 + ty) of the grid
	// [pt-BR] a célula (tx, ty) do tile é a célula (x0 - 1 + tx, y0 - 1 + ty) da grade
	for (int i = ly * WX + lx; i < TW * TH; i += WX * WY) {
		int gx = x0 - 1 + i % TW, gy = y0 - 1 + i / TW;
		bool inside = gx >= 0 && gx < (int)width && gy >= 0 && gy < (int)height;
		tile[i] = inside ? in[gy * width + gx] : 0;
	}
	barrier(CLK_LOCAL_MEM_FENCE);

	int x = x0 + lx, y = y0 + ly;
	if (x < (int)width && y < (int)height) {
		int c = (ly + 1) * TW + lx + 1;               // this work-item's cell in the tile
		                                              // [pt-BR] a célula deste item no
		                                              // tile
		out[y * width + x] = 4 * tile[c] - tile[c - TW] - tile[c + TW] - tile[c - 1] - tile[c + 1];
	}
}
