/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer target: ML-DSA's decoders of the algorithm layer
 * (src/algs/mldsa.h, internal: reached in the static library by its hidden
 * names, as tests/ct/ct_check.c does).
 *
 * The first byte chooses the level (% 3: 44, 65, 87) and the mode (/ 3 % 2):
 *   0 verification under the key of a fixed seed: 64 bytes of mu, then the
 *     signature, of any length: the answer is 0 or -1, the same twice, -1
 *     for a length other than the level's; an accepted signature is
 *     refused once one bit of it (chosen by mu) is flipped;
 *   1 pk_from_sk on the rest as an expanded private key (cut to the level's
 *     length, or padded with zeros): 0 or -1; when 0, a signature made with
 *     that key verifies under the public key it gave.
 * Seeds: tests/fuzz/corpus/fuzz_mldsa/ (per level, a signature of the fixed
 * key and that key; made by this code, they are starting points, not known
 * answers). libFuzzer's -max_len of run.sh (4096) cuts ML-DSA-87's.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/algs/mldsa.h"

#define CHECK(c) do { if (!(c)) abort(); } while (0)

static const unsigned levels[3] = { 44, 65, 87 };
static uint8_t pks[3][JCA__MLDSA_PK_MAX], sks[3][JCA__MLDSA_SK_MAX];
static int have[3];

static void fixed_key(unsigned li)
{
	uint8_t xi[JCA__MLDSA_SEED_LEN];

	if (have[li])
		return;
	memset(xi, 0x5a, sizeof xi);
	CHECK(jca__mldsa_keygen(NULL, levels[li], pks[li], sks[li], xi) == 0);
	have[li] = 1;
}

static void verify(unsigned li, const uint8_t *in, size_t len)
{
	unsigned level = levels[li];
	size_t sl = jca__mldsa_sig_len(level);
	uint8_t *flipped;
	size_t bit;
	int rc;

	if (len < JCA__MLDSA_MU_LEN)
		return;
	fixed_key(li);
	rc = jca__mldsa_verify_mu(NULL, level, in + 64, len - 64, pks[li], in);
	CHECK(rc == 0 || rc == -1);
	CHECK(jca__mldsa_verify_mu(NULL, level, in + 64, len - 64, pks[li], in) == rc);
	if (len - 64 != sl) {
		CHECK(rc == -1);
		return;
	}
	if (rc != 0)
		return;
	flipped = malloc(sl);
	CHECK(flipped != NULL);
	memcpy(flipped, in + 64, sl);
	bit = ((size_t)in[0] | (size_t)in[1] << 8 | (size_t)in[2] << 16) % (8 * sl);
	flipped[bit / 8] ^= (uint8_t)(1u << (bit % 8));
	CHECK(jca__mldsa_verify_mu(NULL, level, flipped, sl, pks[li], in) == -1);
	free(flipped);
}

static void from_sk(unsigned li, const uint8_t *in, size_t len)
{
	static uint8_t sk[JCA__MLDSA_SK_MAX], pk[JCA__MLDSA_PK_MAX], sig[JCA__MLDSA_SIG_MAX];
	unsigned level = levels[li];
	size_t skl = jca__mldsa_sk_len(level);
	uint8_t mu[JCA__MLDSA_MU_LEN], rnd[JCA__MLDSA_RND_LEN] = { 0 };
	int rc;

	memset(sk, 0, sizeof sk);
	memcpy(sk, in, len < skl ? len : skl);
	rc = jca__mldsa_pk_from_sk(NULL, level, pk, sk);
	CHECK(rc == 0 || rc == -1);
	if (rc != 0)
		return;
	memset(mu, 0xa5, sizeof mu);
	CHECK(jca__mldsa_sign_mu(NULL, level, sig, sk, mu, rnd) == 0);
	CHECK(jca__mldsa_verify_mu(NULL, level, sig, jca__mldsa_sig_len(level), pk, mu) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *in;
	unsigned li;

	if (size < 1 || size > 70000)
		return 0;
	/* an exactly sized copy: a read past the end is seen */
	in = malloc(size - 1 ? size - 1 : 1);
	if (!in)
		return 0;
	memcpy(in, data + 1, size - 1);
	li = data[0] % 3;
	if (data[0] / 3 % 2 == 0)
		verify(li, in, size - 1);
	else
		from_sk(li, in, size - 1);
	free(in);
	return 0;
}
