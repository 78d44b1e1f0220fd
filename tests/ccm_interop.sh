#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# jca enc/dec -t AES/CCM/NoPadding against Python's `cryptography` AESCCM,
# both ways, on the built-in provider (the CCM mode module) and on the
# OpenSSL bridge (EVP AES-*-CCM, -P openssl): several sizes, the three key
# sizes, AAD or none, nonces of 7 to 13 bytes with --iv; a flipped byte or
# a wrong AAD is refused with no output file left.
#   top_builddir=DIR sh tests/ccm_interop.sh     (the binary is DIR/jca)
# Layout: nonce (12) || ciphertext || tag (16), or ciphertext || tag with --iv.
set -u
jca="${top_builddir:-.}/jca"
case "$jca" in /*) ;; *) jca="$(pwd)/$jca" ;; esac
[ -x "$jca" ] || { echo "FAIL: no jca binary at $jca"; exit 1; }
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 not installed"; exit 77; }
if ! python3 -c 'from cryptography.hazmat.primitives.ciphers.aead import AESCCM' 2>/dev/null; then
	echo "SKIP: Python 'cryptography' (with AESCCM) not installed (python3-cryptography)"
	exit 77
fi
plug="${top_builddir:-.}/plugins/.libs"
case "$plug" in /*) ;; *) plug="$(pwd)/$plug" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fail=0
bad() { echo "FAIL: $1"; fail=1; }

cat > ref.py <<'PY'
import sys
from cryptography.hazmat.primitives.ciphers.aead import AESCCM
op, key, nonce, aad, src, dst = sys.argv[1:7]
key = bytes.fromhex(key); aad = bytes.fromhex(aad) if aad != "-" else None
data = open(src, "rb").read()
c = AESCCM(key, tag_length=16)
if op == "enc":
    n = bytes.fromhex(nonce)
    out = c.encrypt(n, data, aad)
else:
    n, body = (bytes.fromhex(nonce), data) if nonce != "-" else (data[:12], data[12:])
    out = c.decrypt(n, body, aad)
open(dst, "wb").write(out)
PY

provs="builtin"
if [ -f "$plug/openssl.so" ]; then
	printf 'security.provider.1 = builtin\nsecurity.provider.2 = openssl\njca.plugin.dir = %s\n' "$plug" > b.conf
	export JCA_CONF="$tmp/b.conf"
	provs="builtin openssl"
else
	echo "SKIP: plugins/.libs/openssl.so not built: CCM through the bridge not tested"
fi

for prov in $provs; do
	pfail=0
	for size in 0 17 65535; do
		head -c $size /dev/urandom > p
		for key in 000102030405060708090a0b0c0d0e0f 8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b \
		           603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4; do
			for aad in - 0a0b0c; do
				aopt=""; [ "$aad" = - ] || aopt="--aad $aad"
				# jca encrypts (random 12-byte nonce in front), Python decrypts
				"$jca" enc -P $prov -t AES/CCM/NoPadding -K $key $aopt -in p -out c 2>err &&
				python3 ref.py dec $key - $aad c d 2>>err && cmp -s p d ||
					{ bad "$prov: jca enc -> python dec, $size bytes, key ${#key} hex, aad $aad"; cat err; pfail=1; }
				# Python encrypts with a given nonce, jca decrypts and encrypts the same
				for n in 00112233445566 00000003020100a0a1a2a3a4a5; do
					python3 ref.py enc $key $n $aad p c2 &&
					"$jca" dec -P $prov -t AES/CCM/NoPadding -K $key --iv $n $aopt -in c2 -out d2 2>err &&
					cmp -s p d2 ||
						{ bad "$prov: python enc -> jca dec --iv $n, $size bytes, key ${#key} hex"; cat err; pfail=1; }
					"$jca" enc -P $prov -t AES/CCM/NoPadding -K $key --iv $n $aopt -in p -out c3 2>err &&
					cmp -s c2 c3 || { bad "$prov: jca enc --iv $n differs from python, $size bytes"; pfail=1; }
				done
			done
		done
	done
	# tampering: nonce, ciphertext, tag; a wrong AAD; truncation
	K=000102030405060708090a0b0c0d0e0f
	head -c 1000 /dev/urandom > p
	"$jca" enc -P $prov -t AES/CCM/NoPadding -K $K --aad 01 -in p -out c
	for pos in 0 12 1011 1027; do
		python3 -c "d=bytearray(open('c','rb').read()); d[$pos]^=1; open('t','wb').write(d)"
		rm -f out
		if "$jca" dec -P $prov -t AES/CCM/NoPadding -K $K --aad 01 -in t -out out 2>err; then
			bad "$prov: flipped byte $pos accepted"; pfail=1
		elif [ -e out ]; then
			bad "$prov: flipped byte $pos left an output file"; pfail=1
		fi
	done
	"$jca" dec -P $prov -t AES/CCM/NoPadding -K $K --aad 02 -in c -out out 2>err && { bad "$prov: wrong AAD accepted"; pfail=1; }
	grep -q "bad decrypt" err || { bad "$prov: wrong AAD message"; cat err; pfail=1; }
	head -c 1020 c > t
	"$jca" dec -P $prov -t AES/CCM/NoPadding -K $K --aad 01 -in t -out out 2>err && { bad "$prov: truncated input accepted"; pfail=1; }
	[ $pfail -eq 0 ] && echo "ok: $prov: AES/CCM/NoPadding interoperates with Python AESCCM both ways (0, 17 and 65535 bytes, 3 key sizes, nonces of 7, 12 (random) and 13 bytes, AAD); tampering refused, nothing written"
done
exit $fail
