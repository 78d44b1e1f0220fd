/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The permutation and absorb functions of the two x86-64 Keccak backends
 * that keep one lane per variable (keccak_avx2.c: scalar registers;
 * keccak_avx512.c: one YMM register a lane), written once. Included by
 * those files only, after they define:
 *
 *   KECCAK_LANE            the type of a lane variable
 *   ROUND(A, B, k)         round k from the variables A##xy into B##xy
 *   LOAD_LANE(A, xy, i)    A##xy = lane i of the state s
 *   STORE_LANE(A, xy, i)   lane i of s = A##xy
 *   XOR_IN(A, xy, i)       A##xy ^= input lane i (bytes 8i..8i+7 of in)
 *   KECCAK_TUNE            attributes of the two functions (may be empty)
 *
 * A##xy is the lane x + 5y, written as two decimal digits (A07 is x = 2,
 * y = 1). Two rounds A -> E -> A make pi a renaming of variables.
 */

/* all 24 rounds on the variables A, using E as the other half of each pair */
#define PERMUTE(A, E) \
	for (int k = 0; k < 24; k += 2) { \
		ROUND(A, E, k); \
		ROUND(E, A, k + 1); \
	}

#define DECLARE(A) \
	KECCAK_LANE A##00, A##01, A##02, A##03, A##04, A##05, A##06, A##07, A##08, A##09, \
	            A##10, A##11, A##12, A##13, A##14, A##15, A##16, A##17, A##18, A##19, \
	            A##20, A##21, A##22, A##23, A##24

#define FOR_EACH_LANE(F, A) \
	F(A, 00, 0);  F(A, 01, 1);  F(A, 02, 2);  F(A, 03, 3);  F(A, 04, 4); \
	F(A, 05, 5);  F(A, 06, 6);  F(A, 07, 7);  F(A, 08, 8);  F(A, 09, 9); \
	F(A, 10, 10); F(A, 11, 11); F(A, 12, 12); F(A, 13, 13); F(A, 14, 14); \
	F(A, 15, 15); F(A, 16, 16); F(A, 17, 17); F(A, 18, 18); F(A, 19, 19); \
	F(A, 20, 20); F(A, 21, 21); F(A, 22, 22); F(A, 23, 23); F(A, 24, 24)

KECCAK_TUNE static void keccak_permute(uint64_t s[25])
{
	DECLARE(a);
	DECLARE(e);

	FOR_EACH_LANE(LOAD_LANE, a);
	PERMUTE(a, e);
	FOR_EACH_LANE(STORE_LANE, a);
}

/*
 * The state stays in the lane variables for all nblocks. A block covers
 * the first rate/8 lanes; the rates are 72, 104, 136, 144 and 168 bytes (9,
 * 13, 17, 18 and 21 lanes), so the lanes from 9 up are added in four steps.
 * The branches depend only on rate and are predicted after the first block.
 */
KECCAK_TUNE static void keccak_absorb(uint64_t s[25], const uint8_t *in, size_t nblocks, size_t rate)
{
	DECLARE(a);
	DECLARE(e);

	FOR_EACH_LANE(LOAD_LANE, a);
	for (; nblocks > 0; nblocks--, in += rate) {
		XOR_IN(a, 00, 0); XOR_IN(a, 01, 1); XOR_IN(a, 02, 2);
		XOR_IN(a, 03, 3); XOR_IN(a, 04, 4); XOR_IN(a, 05, 5);
		XOR_IN(a, 06, 6); XOR_IN(a, 07, 7); XOR_IN(a, 08, 8);
		if (rate >= 104) {
			XOR_IN(a, 09, 9); XOR_IN(a, 10, 10);
			XOR_IN(a, 11, 11); XOR_IN(a, 12, 12);
		}
		if (rate >= 136) {
			XOR_IN(a, 13, 13); XOR_IN(a, 14, 14);
			XOR_IN(a, 15, 15); XOR_IN(a, 16, 16);
		}
		if (rate >= 144)
			XOR_IN(a, 17, 17);
		if (rate >= 168) {
			XOR_IN(a, 18, 18); XOR_IN(a, 19, 19); XOR_IN(a, 20, 20);
		}
		PERMUTE(a, e);
	}
	FOR_EACH_LANE(STORE_LANE, a);
}
