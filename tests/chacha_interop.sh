#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# jca enc/dec -t ChaCha20-Poly1305, XChaCha20-Poly1305 and ChaCha20 against
# implementations independent of libjca: Python's `cryptography`
# (ChaCha20Poly1305, ChaCha20), libsodium (crypto_aead_xchacha20poly1305_ietf,
# through ctypes; that part says SKIP without libsodium) and
# `openssl enc -chacha20`. Each side decrypts what the other encrypted, for
# several sizes, with and without --iv and --aad, through every provider of
# the algorithm (the builtin provider's backends, the OpenSSL bridge); a
# changed byte or a wrong AAD is refused with no output file left.
#   top_builddir=DIR sh tests/chacha_interop.sh     (the binary is DIR/jca)
# Layout: nonce || ciphertext || tag, or ciphertext || tag with --iv.
set -u
jca="${top_builddir:-.}/jca"
case "$jca" in /*) ;; *) jca="$(pwd)/$jca" ;; esac
[ -x "$jca" ] || { echo "FAIL: no jca binary at $jca"; exit 1; }
if ! python3 -c 'import cryptography.hazmat.primitives.ciphers.aead' 2>/dev/null; then
	echo "SKIP: Python 'cryptography' not installed (python3-cryptography)"
	exit 77
fi
plug="${top_builddir:-.}/plugins/.libs"
case "$plug" in /*) ;; *) plug="$(pwd)/$plug" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }

# ref.py ALG gen: writes p.N (plaintexts), r.N.A (the reference's
#   encryption under the nonce $iv, ciphertext || tag) and n.N.A (nonce in
#   front) for every size N and AAD A;
# ref.py ALG check FILE...: decrypts each f.N.A (nonce in front) and
#   compares it with p.N. One process per batch: Python starts slowly.
cat > ref.py <<'PY'
import ctypes, ctypes.util, sys
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms
alg, op = sys.argv[1:3]
key = bytes.fromhex("1f1e1d1c1b1a191817161514131211100f0e0d0c0b0a09080706050403020100")
nl = 24 if alg == "XChaCha20-Poly1305" else 12
SIZES, AADS = (0, 1, 64, 1000, 100003), ("-", "0a0b0c")

def run(enc, n, body, aad):
    if alg == "ChaCha20-Poly1305":
        c = ChaCha20Poly1305(key)
        return c.encrypt(n, body, aad) if enc else c.decrypt(n, body, aad)
    if alg == "ChaCha20":
        return Cipher(algorithms.ChaCha20(key, (1).to_bytes(4, "little") + n), None).encryptor().update(body)
    so = ctypes.CDLL(ctypes.util.find_library("sodium") or "libsodium.so.23")
    assert so.sodium_init() >= 0
    out = ctypes.create_string_buffer(len(body) + 16)
    olen = ctypes.c_ulonglong()
    if enc:
        rc = so.crypto_aead_xchacha20poly1305_ietf_encrypt(out, ctypes.byref(olen), body,
            ctypes.c_ulonglong(len(body)), aad, ctypes.c_ulonglong(len(aad)), None, n, key)
    else:
        rc = so.crypto_aead_xchacha20poly1305_ietf_decrypt(out, ctypes.byref(olen), None, body,
            ctypes.c_ulonglong(len(body)), aad, ctypes.c_ulonglong(len(aad)), n, key)
    if rc != 0:
        raise ValueError("libsodium refused")
    return out.raw[:olen.value]

bad = 0
if op == "gen":
    import os
    for n in SIZES:
        p = os.urandom(n)
        open("p.%d" % n, "wb").write(p)
        for a in AADS:
            if alg == "ChaCha20" and a != "-":
                continue
            aad = bytes.fromhex(a) if a != "-" else b""
            open("r.%d.%s" % (n, a), "wb").write(run(True, b"\xa5" * nl, p, aad))
            nonce = bytes(range(0x40, 0x40 + nl))
            open("n.%d.%s" % (n, a), "wb").write(nonce + run(True, nonce, p, aad))
else:
    for f in sys.argv[3:]:
        _, n, a = f.rsplit(".", 2)
        aad = bytes.fromhex(a) if a != "-" else b""
        d = open(f, "rb").read()
        try:
            ok = run(False, d[:nl], d[nl:], aad) == open("p." + n, "rb").read()
        except Exception as e:
            ok = False
        if not ok:
            print("FAIL: the reference does not decrypt %s (%s) to the plaintext" % (f, alg))
            bad = 1
sys.exit(bad)
PY

have_sodium=0
python3 -c 'import ctypes, ctypes.util; ctypes.CDLL(ctypes.util.find_library("sodium") or "libsodium.so.23")' \
	2>/dev/null && have_sodium=1
[ $have_sodium = 1 ] || echo "SKIP: libsodium not installed (libsodium23): XChaCha20-Poly1305 is not cross-checked"

key=1f1e1d1c1b1a191817161514131211100f0e0d0c0b0a09080706050403020100
# every implementation of each algorithm, by its driver name: the builtin
# provider's backends usable here, and the OpenSSL bridge's when built
# (a configuration that loads it beside builtin)
if [ -f "$plug/openssl.so" ]; then
	printf 'security.provider.1 = builtin\nsecurity.provider.2 = openssl\njca.plugin.dir = %s\n' "$plug" > b.conf
else
	echo "SKIP: the OpenSSL bridge is not built: its ChaCha20-Poly1305 is not cross-checked"
	: > b.conf
fi
JCA_CONF=$tmp/b.conf
export JCA_CONF
impls() {
	"$jca" list --backends --load 2>/dev/null | awk -v a="$1" '
		/^     [^ ]/ { cur = $1 }
		cur == a && $1 == "backend" && /available/ && !/not available/ { print $2 }'
}
for alg in ChaCha20-Poly1305 XChaCha20-Poly1305 ChaCha20; do
	[ $alg = XChaCha20-Poly1305 ] && [ $have_sodium = 0 ] && continue
	nl=24; [ $alg = XChaCha20-Poly1305 ] || nl=12
	iv=$(printf 'a5%.0s' $(seq $nl))
	rm -f p.* r.* n.* f.*
	python3 ref.py $alg gen || { bad "$alg: the reference could not encrypt"; continue; }
	list=$(impls $alg)
	[ -n "$list" ] || { bad "$alg: no implementation listed by jca list --backends"; continue; }
	for impl in $list; do
		rm -f f.*
		before=$fail
		for size in 0 1 64 1000 100003; do
			for aad in - 0a0b0c; do
				[ -f r.$size.$aad ] || continue
				aopt=""; [ "$aad" = - ] || aopt="--aad $aad"
				what="$alg ($impl), $size bytes, aad $aad"
				"$jca" enc -t "$impl" -K $key $aopt -in p.$size -out f.$size.$aad 2>err ||
					{ bad "jca enc, $what"; cat err; }
				if "$jca" dec -t "$impl" -K $key --iv $iv $aopt -in r.$size.$aad -out d 2>err &&
				   cmp -s p.$size d; then :; else
					bad "reference enc -> jca dec --iv, $what"; cat err
				fi
				if "$jca" dec -t "$impl" -K $key $aopt -in n.$size.$aad -out d 2>err && cmp -s p.$size d; then :; else
					bad "reference enc (nonce in front) -> jca dec, $what"; cat err
				fi
			done
		done
		python3 ref.py $alg check f.* || bad "$alg ($impl): jca enc -> reference dec"
		[ $fail = $before ] && ok "$alg ($impl): both directions, 0 to 100003 bytes, with and without AAD"
		[ $alg = ChaCha20 ] && continue
		# tampering: a flipped byte, a wrong AAD; no output file left
		python3 -c 'import sys; b = bytearray(open("n.1000.0a0b0c","rb").read()); b[100] ^= 1; open("t","wb").write(b)'
		rm -f d
		if "$jca" dec -t "$impl" -K $key --aad 0a0b0c -in t -out d 2>err; then
			bad "$alg ($impl): a flipped byte was accepted"
		elif [ -e d ] || ! grep -q "bad decrypt" err; then
			bad "$alg ($impl): a flipped byte left an output file or no 'bad decrypt'"; cat err
		elif "$jca" dec -t "$impl" -K $key --aad 0a0b0d -in n.1000.0a0b0c -out d 2>/dev/null || [ -e d ]; then
			bad "$alg ($impl): a wrong AAD was accepted"
		else
			ok "$alg ($impl): a flipped byte and a wrong AAD refused, no output file"
		fi
	done
done

# ChaCha20 alone against openssl enc -chacha20 (IV = counter, little-endian, || nonce)
if command -v openssl >/dev/null 2>&1; then
	head -c 5000 /dev/urandom > p
	nonce=000000090000004a00000000
	unset JCA_CONF
	if openssl enc -chacha20 -K $key -iv 01000000$nonce -in p -out o 2>err &&
	   "$jca" enc -t ChaCha20 -K $key --iv $nonce -in p -out j 2>>err && cmp -s o j; then
		ok "ChaCha20: jca enc --iv equals openssl enc -chacha20 -iv 01000000NONCE"
	else
		bad "ChaCha20: jca enc differs from openssl enc -chacha20"; cat err
	fi
else
	echo "SKIP: openssl command not installed: ChaCha20 not compared with openssl enc"
fi
ls -l /dev/null | grep -q '^c' || bad "/dev/null is no longer a character device"
[ $fail = 0 ] && echo "all ChaCha interop checks passed"
exit $fail
