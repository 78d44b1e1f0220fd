/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The host's MessageDigest known answers (kat.h): the digest of "abc" for
 * every standard digest name, whatever provider offers it. Values:
 * kat_sym_vectors.h (tests/kat/gen_host_kat.py).
 */
#include "kat.h"
#include "kat_sym_vectors.h"
#include "jca/names.h"

JCA__HIDDEN extern const jca__type_ops jca__md_type;

#define ABC(id, lbl) \
	{ JCA_NAME_##id, lbl " " JCA_NAME_##id "(\"abc\")", \
	  &(const jca_kat){ .struct_size = sizeof(jca_kat), .in = "abc", .in_len = 3, \
	                    .out = MD_ABC_##id, .out_len = sizeof(MD_ABC_##id) - 1 }, 0 }

static const jca__kat_vec vectors[] = {
	ABC(MD5, "RFC 1321 A.5"),
	ABC(SHA1, "FIPS 180-4"),
	ABC(SHA224, "FIPS 180-4"),
	ABC(SHA256, "FIPS 180-4"),
	ABC(SHA384, "FIPS 180-4"),
	ABC(SHA512, "FIPS 180-4"),
	ABC(SHA512_224, "FIPS 180-4"),
	ABC(SHA512_256, "FIPS 180-4"),
	ABC(SHA3_224, "FIPS 202"),
	ABC(SHA3_256, "FIPS 202"),
	ABC(SHA3_384, "FIPS 202"),
	ABC(SHA3_512, "FIPS 202"),
	ABC(SHAKE128, "FIPS 202"),
	ABC(SHAKE256, "FIPS 202"),
	ABC(BLAKE2B_512, "RFC 7693"),
	ABC(BLAKE2S_256, "RFC 7693"),
};

const char *jca__md_host_kat(const struct jca_service *s, const jca_impl *impl, char *why, size_t n)
{
	return jca__kat_run(vectors, sizeof vectors / sizeof vectors[0], &jca__md_type, s, impl, why, n);
}
