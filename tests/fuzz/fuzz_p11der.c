/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer target: the pkcs11 plugin's DER code (plugins/pkcs11/p11_der.c,
 * compiled in here: it needs no token), which reads the public keys a
 * KeyFactory decodes onto the token and the ECDSA signatures verified
 * there (those come straight from the caller).
 *
 * Checked properties, on any input:
 *  - p11_spki_read never reads past the input; what it accepts is
 *    canonical: p11_spki_write of the parts it found gives the input back
 *    byte for byte, with the point where *pt_off says;
 *  - p11_ecdsa_from_der accepts only minimal DER of two positive
 *    integers that fit the field: p11_ecdsa_to_der of its r || s gives the
 *    input back, within p11_ecdsa_der_max;
 *  - p11_der_octets' content lies inside its input;
 *  - p11_point_ok (plugins/pkcs11/p11_ec_check.c, compiled in too) runs
 *    on every point p11_spki_read accepts, and on the raw input as an EC
 *    point of each curve and as an Ed25519 key (the RAW decode paths),
 *    within its input, answering 0 or 1 (0 for RSA, which has no point).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../plugins/pkcs11/p11_der.c"
#include "../../plugins/pkcs11/p11_ec_check.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const size_t fields[] = { 32, 48, 66 };
	static const char *const curve_names[] = { "secp256r1", "secp384r1", "secp521r1" };
	uint8_t *in = malloc(size ? size : 1), rs[2 * 66], der[160];
	const uint8_t *o;
	const char *why = NULL;
	p11_spki k;
	uint8_t *w;
	size_t i, n, off;
	int ok;

	if (!in)
		abort();
	memcpy(in, data, size);
	if (p11_spki_read(in, size, &k, &why) == 0) {
		const uint8_t *a = k.type == P11K_RSA ? k.n : k.point;
		size_t a_len = k.type == P11K_RSA ? k.n_len : k.point_len;

		if (p11_spki_write(k.type, k.curve, a, a_len, k.e, k.e_len, &w, &n, &off) != 0)
			abort();
		if (n != size || memcmp(w, in, n) != 0)
			abort();                      /* accepted but not canonical */
		if (k.type != P11K_RSA && (off + a_len != n || memcmp(w + off, a, a_len) != 0))
			abort();
		free(w);
		ok = p11_point_ok(k.type, k.curve, k.point, k.point_len);
		if (ok < 0 || ok > 1 || (k.type == P11K_RSA && ok))
			abort();
	} else if (!why || !*why) {
		abort();
	}
	for (i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		if (p11_ecdsa_from_der(in, size, fields[i], rs) != 0)
			continue;
		n = p11_ecdsa_to_der(rs, fields[i], der);
		if (n > p11_ecdsa_der_max(fields[i]) || n > sizeof der || n != size || memcmp(der, in, n) != 0)
			abort();
	}
	for (i = 0; i < sizeof curve_names / sizeof curve_names[0]; i++) {
		const p11_curve *c = p11_curve_by_name(curve_names[i]);

		ok = p11_point_ok(P11K_EC, c, in, size);
		if (ok < 0 || ok > 1 || (ok && (size != 2 * c->field + 1 || in[0] != 0x04)))
			abort();
	}
	ok = p11_point_ok(P11K_ED25519, NULL, in, size);
	if (ok < 0 || ok > 1 || (ok && size != 32))
		abort();
	if ((o = p11_der_octets(in, size, &n)) != NULL && (o < in || o + n > in + size))
		abort();
	free(in);
	return 0;
}
