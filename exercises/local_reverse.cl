// reverse_blocks: the input is cut into blocks of BLOCK elements, one block per
// work-group. Each block comes out reversed:
//
//     out[g*BLOCK + k] = in[g*BLOCK + BLOCK-1 - k]
//
// The host starts exactly len work-items (len is a multiple of BLOCK) in
// work-groups of BLOCK work-items, so no guard is needed here.
//
// The data must travel through local memory: read your element from global
// memory into a local array, then write the mirrored element of that array.

#define BLOCK 64

__kernel void reverse_blocks(__global const int *in, __global int *out)
{
	// TODO 1: declare a __local array that holds one block.

	// TODO 2: copy this work-item's element of `in` into the array, at the
	//         slot given by the work-item's local id.

	// TODO 3: the element you write next was loaded by another work-item.
	//         Make sure every work-item of the group has stored its element.

	// TODO 4: write the mirrored slot of the array into out.
}
