// stencil_2d: a 5-point stencil through a tile with a halo in local memory.
//
// in and out are width x height grids of ints, stored row by row. Each cell of out is
//     4 * centre - up - down - left - right
// of the same cell of in, where a neighbour outside the grid counts as 0. Work-group
// (gx, gy) computes the WX x WY block of out whose top-left cell is (x0, y0); work-item
// (lx, ly) computes cell (x0 + lx, y0 + ly). `tile` is (WX + 2) x (WY + 2) ints of local
// memory, row by row: the block with a border of one cell on every side, the halo.
// The lesson: `clings lesson stencil_2d`.
//
// [pt-BR] stencil_2d: um estêncil de 5 pontos por meio de um tile com halo na memória local.
//
// in e out são grades de width x height ints, guardadas linha por linha. Cada célula de out é
//
//     4 * centro - cima - baixo - esquerda - direita
//
// da mesma célula de in, onde um vizinho fora da grade conta como 0. O grupo (gx, gy) calcula o
// bloco WX x WY de out cujo canto superior esquerdo é a célula (x0, y0); o item (lx, ly)
// calcula a célula (x0 + lx, y0 + ly). `tile` tem (WX + 2) x (WY + 2) ints de memória local,
// linha por linha: o bloco com uma borda de uma célula de cada lado, o halo.
// A lição: `clings lesson stencil_2d`.
__kernel void stencil(__global const int *in, __global int *out, __local int *tile,
		      uint width, uint height)
{
	int WX = get_local_size(0), WY = get_local_size(1);
	int TW = WX + 2, TH = WY + 2;                     // the tile, halo included
	                                                  // (pt-BR: o tile, com o halo)
	int lx = get_local_id(0), ly = get_local_id(1);
	int x0 = get_group_id(0) * WX, y0 = get_group_id(1) * WY;

	// TODO 1: fill the whole tile. Cell i of the tile (column i % TW, row i / TW) is cell
	//         (x0 - 1 + i % TW, y0 - 1 + i / TW) of the grid, or 0 if that lies outside.
	//         There are more cells than work-items: let work-item ly * WX + lx take cells
	//         i, i + WX * WY, i + 2 * WX * WY, ... below TW * TH.
	//         [pt-BR] preencha o tile inteiro. A célula i do tile (coluna i % TW, linha i /
	//         TW) é a célula (x0 - 1 + i % TW, y0 - 1 + i / TW) da grade, ou 0 se ela
	//         estiver fora. Há mais células do que itens: deixe o item ly * WX + lx pegar
	//         as células i, i + WX * WY, i + 2 * WX * WY, ... abaixo de TW * TH.

	// TODO 2: wait until the tile is whole.
	//         [pt-BR] espere até o tile estar completo.

	// TODO 3: if cell (x0 + lx, y0 + ly) lies inside the grid, compute it from the tile:
	//         its centre is tile[(ly + 1) * TW + lx + 1].
	//         [pt-BR] se a célula (x0 + lx, y0 + ly) estiver dentro da grade, calcule-a a
	//         partir do tile: o seu centro é tile[(ly + 1) * TW + lx + 1].
}
