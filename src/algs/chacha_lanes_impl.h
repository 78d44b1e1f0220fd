/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ChaCha20 rounds over "word-sliced" state, shared by the SIMD
 * backends: x[i] is a vector whose lane j holds word i of block j, so one
 * vector instruction does the same step of every block at once and no
 * shuffle is needed between column and diagonal rounds (only the word
 * indices change). Each backend then transposes the result into blocks.
 *
 * The includer defines, before including this file:
 *   CHACHA_LANES_ROUNDS  the name of the function to define
 *   CL_V                 the vector type
 *   CL_ADD(a, b), CL_XOR(a, b)   32-bit lane-wise add and xor
 *   CL_ROL16(v), CL_ROL12(v), CL_ROL8(v), CL_ROL7(v)  32-bit rotations
 * and may include it again for another vector type after #undef-ing them.
 */

#define CL_QR(a, b, c, d) do { \
	x[a] = CL_ADD(x[a], x[b]); x[d] = CL_ROL16(CL_XOR(x[d], x[a])); \
	x[c] = CL_ADD(x[c], x[d]); x[b] = CL_ROL12(CL_XOR(x[b], x[c])); \
	x[a] = CL_ADD(x[a], x[b]); x[d] = CL_ROL8(CL_XOR(x[d], x[a])); \
	x[c] = CL_ADD(x[c], x[d]); x[b] = CL_ROL7(CL_XOR(x[b], x[c])); \
} while (0)

/* Twenty rounds in place; the caller adds the input state afterwards. */
static inline void CHACHA_LANES_ROUNDS(CL_V x[16])
{
	int i;

	for (i = 0; i < 10; i++) {
		CL_QR(0, 4, 8, 12);
		CL_QR(1, 5, 9, 13);
		CL_QR(2, 6, 10, 14);
		CL_QR(3, 7, 11, 15);
		CL_QR(0, 5, 10, 15);
		CL_QR(1, 6, 11, 12);
		CL_QR(2, 7, 8, 13);
		CL_QR(3, 4, 9, 14);
	}
}

#undef CL_QR
