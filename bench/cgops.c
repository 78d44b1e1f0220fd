/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cgops: one short operation N times, for instruction counts under
 * callgrind, which are exact where timings on a shared machine are not.
 * Instructions per op = (Ir(2N) - Ir(N)) / N, which cancels start-up:
 *
 *   gcc -O2 -I include bench/cgops.c -L .libs -ljca -o /tmp/cgops
 *   ir() { LD_LIBRARY_PATH=.libs valgrind --tool=callgrind \
 *          --callgrind-out-file=/dev/null /tmp/cgops $1 $2 2>&1 | sed -n 's/.*Collected : //p'; }
 *   a=$(ir get 2000); b=$(ir get 4000); echo $(( (b - a) / 2000 ))
 *
 * Under valgrind the CPU has no SHA-NI or AES-NI as far as libjca's CPUID
 * probe sees, so the portable digests run: compare counts, not times.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jca.h"

int main(int argc, char **argv)
{
	static const char *const ops[] = { "digest64", "get", "clone", "getdigest64", "oneshot64",
		                           "cipherget", "macget", "mac128", "macclone", "gcmseal64", "gcmopen64" };
	unsigned char in[256] = { 1 }, out[64], key[32] = { 2 }, iv[16] = { 3 }, ct[80], aad[16] = { 4 };
	size_t olen;
	md_ctx *md = md_get_instance("SHA-256");
	mac_ctx *mac = mac_get_instance("HmacSHA256");
	cipher_ctx *gcm = cipher_get_instance("AES/GCM/NoPadding");
	long n = argc > 2 ? atol(argv[2]) : 0;
	int k = -1;

	for (int j = 0; argc > 1 && j < (int)(sizeof ops / sizeof ops[0]); j++)
		if (!strcmp(argv[1], ops[j]))
			k = j;
	if (k < 0 || n <= 0 || !md || !mac || mac_init(mac, key, 32) != 0 || !gcm ||
	    cipher_init_aead(gcm, JCA_ENCRYPT, key, 16, iv, 12, 16) != 0 ||
	    cipher_update_aad(gcm, aad, 16) != 0 || cipher_do_final(gcm, in, 64, ct, 80, &olen) != 0) {
		fprintf(stderr, "usage: cgops OP N  (OP: digest64 get clone getdigest64 oneshot64 "
		                "cipherget macget mac128 macclone gcmseal64 gcmopen64)\n");
		return 2;
	}
	for (long i = 0; i < n; i++) {
		switch (k) {
		case 0: md_update(md, in, 64); md_digest(md, out, 32, &olen); break;
		case 1: md_free(md_get_instance("SHA-256")); break;
		case 2: md_free(md_clone(md)); break;
		case 3: {
			md_ctx *m = md_get_instance("SHA-256");

			md_update(m, in, 64);
			md_digest(m, out, 32, &olen);
			md_free(m);
			break;
		}
		case 4: md_oneshot("SHA-256", in, 64, out, 32, &olen); break;
		case 5: {
			cipher_ctx *c = cipher_get_instance("AES/CBC/PKCS5Padding");

			cipher_init(c, JCA_ENCRYPT, key, 16, iv, 16);
			cipher_free(c);
			break;
		}
		case 6: {
			mac_ctx *m = mac_get_instance("HmacSHA256");

			mac_init(m, key, 32);
			mac_free(m);
			break;
		}
		case 7: mac_update(mac, in, 128); mac_do_final(mac, out, 32, &olen); break;
		case 8: mac_free(mac_clone(mac)); break;
		case 9:
			/* a whole AES-128-GCM message, a new IV each (the AESGCM rows) */
			iv[0]++;
			iv[1] += iv[0] == 0;
			if (cipher_init_aead(gcm, JCA_ENCRYPT, key, 16, iv, 12, 16) != 0 ||
			    cipher_update_aad(gcm, aad, 16) != 0 || cipher_do_final(gcm, in, 64, ct, 80, &olen) != 0)
				return 1;
			break;
		default:
			/* opens the message made above (IV 3, 0, ...) */
			if (cipher_init_aead(gcm, JCA_DECRYPT, key, 16, (const unsigned char[12]){ 3 }, 12, 16) != 0 ||
			    cipher_update_aad(gcm, aad, 16) != 0 || cipher_do_final(gcm, ct, 80, in, 64, &olen) != 0)
				return 1;
			break;
		}
	}
	md_free(md);
	mac_free(mac);
	cipher_free(gcm);
	return 0;
}
