#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# jca genpkey, pkey, encap and decap for ML-KEM-768 and ML-KEM-1024 against
# python3's `cryptography` (OpenSSL inside), both ways: keys made by one
# side are read by the other (PKCS#8 in the seed form, SubjectPublicKeyInfo:
# the same bytes), an encapsulation made by one side is decapsulated by the
# other to the same secret, and a changed byte gives another secret
# (implicit rejection), no error. First jca alone: every KEM (ML-KEM-512,
# -768, -1024, X-Wing) round trip, sizes, modes and refusals; then SKIP (77)
# without python3 or its ML-KEM.
#   top_builddir=DIR sh tests/kem_interop.sh     (the binary is DIR/jca)
set -u
jca="${top_builddir:-.}/jca"
case "$jca" in /*) ;; *) jca="$(pwd)/$jca" ;; esac
[ -x "$jca" ] || { echo "FAIL: no jca binary at $jca"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }

# jca alone: every KEM round trip, the sizes, the refusals (exit 2)
for alg in ML-KEM-512:768 ML-KEM-768:1088 ML-KEM-1024:1568 X-Wing:1120; do
	a=${alg%:*} n=${alg#*:}
	if "$jca" genpkey -a "$a" -out k.pem && "$jca" pkey -in k.pem -pubout -out p.pem &&
	   "$jca" encap -key p.pem -enc e -out s1 && "$jca" decap -key k.pem -in e -out s2 && cmp -s s1 s2 &&
	   [ "$(wc -c < e)" -eq "$n" ] && [ "$(wc -c < s1)" -eq 32 ] && [ "$(stat -c %a s2)" = 600 ]; then
		ok "$a: jca encap / decap round trip, $n-byte encapsulation, 32-byte secret, mode 0600"
	else
		bad "$a: jca encap / decap round trip"
	fi
	"$jca" encap -key k.pem -enc e2 > s3 && "$jca" decap -key k.pem < e2 > s4 && cmp -s s3 s4
	[ $? -eq 0 ] && ok "$a: a private key encapsulates (its public half); standard input and output" ||
		bad "$a: encap with the private key, decap through stdin/stdout"
	head -c 100 e > short
	"$jca" decap -key k.pem -in short -out s5 2>err; rc=$?
	[ $rc -eq 2 ] && [ ! -e s5 ] && grep -q "bytes, got 100" err && ok "$a: a short encapsulation refused (exit 2)" ||
		bad "$a: short encapsulation: exit $rc"
	"$jca" decap -key p.pem -in e -out s5 2>/dev/null; rc=$?
	[ $rc -eq 2 ] && [ ! -e s5 ] && ok "$a: decap with a public key refused" || bad "$a: decap with a public key: exit $rc"
done
"$jca" encap -key p.pem -out s6 2>/dev/null; rc=$?
[ $rc -eq 2 ] && ok "encap without -enc: exit 2" || bad "encap without -enc: exit $rc"
"$jca" genpkey -a Ed25519 -out ed.pem && "$jca" encap -key ed.pem -enc e7 -out s7 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'KEM' err && ok "encap to an Ed25519 key: no KEM, exit 2" || bad "encap to an Ed25519 key: exit $rc"
"$jca" encap --help | grep -q "usage: jca encap" && "$jca" decap --help | grep -q "usage: jca decap" &&
	ok "encap, decap --help" || bad "encap, decap --help"

if ! python3 -c 'from cryptography.hazmat.primitives.asymmetric import mlkem; mlkem.MLKEM768PrivateKey.generate()' 2>/dev/null; then
	echo "SKIP: Python 'cryptography' with ML-KEM (48 or later) not installed: no cross-checks"
	[ $fail -eq 0 ] && exit 77
	exit $fail
fi

# py.py ALG gen KEY PUB: a new key (PKCS#8 PEM) and its public key (SPKI PEM)
# py.py ALG pub KEY PUB: the public key (SPKI PEM) of the private key KEY
# py.py ALG encap PUB ENC SECRET: encapsulates to PUB
# py.py ALG decap KEY ENC SECRET: decapsulates ENC with KEY
cat > py.py <<'PY'
import sys
from cryptography.hazmat.primitives import serialization as s
from cryptography.hazmat.primitives.asymmetric import mlkem
alg, op, a, b = sys.argv[1:5]
cls = {"ML-KEM-768": mlkem.MLKEM768PrivateKey, "ML-KEM-1024": mlkem.MLKEM1024PrivateKey}[alg]
def spki(k):
    return k.public_bytes(s.Encoding.PEM, s.PublicFormat.SubjectPublicKeyInfo)
if op == "gen":
    k = cls.generate()
    open(a, "wb").write(k.private_bytes(s.Encoding.PEM, s.PrivateFormat.PKCS8, s.NoEncryption()))
    open(b, "wb").write(spki(k.public_key()))
elif op == "pub":
    k = s.load_pem_private_key(open(a, "rb").read(), None)
    assert isinstance(k, cls), type(k)
    open(b, "wb").write(spki(k.public_key()))
elif op == "encap":
    pub = s.load_pem_public_key(open(a, "rb").read())
    ss, ct = pub.encapsulate()
    open(b, "wb").write(ct)
    open(sys.argv[5], "wb").write(ss)
elif op == "decap":
    k = s.load_pem_private_key(open(a, "rb").read(), None)
    open(sys.argv[5], "wb").write(k.decapsulate(open(b, "rb").read()))
PY

for alg in ML-KEM-768 ML-KEM-1024; do
	# python's key, jca's encapsulation
	if python3 py.py "$alg" gen pk.pem pp.pem && "$jca" pkey -in pk.pem -out jk.pem && cmp -s pk.pem jk.pem &&
	   "$jca" pkey -in pk.pem -pubout -out jp.pem && cmp -s pp.pem jp.pem; then
		ok "$alg: python's key read and written back by jca (PKCS#8, SPKI)"
	else
		bad "$alg: python's key through jca pkey"
	fi
	if "$jca" encap -key pp.pem -enc e1 -out s1 && python3 py.py "$alg" decap pk.pem e1 s2 && cmp -s s1 s2; then
		ok "$alg: jca encap to python's key, python decapsulates"
	else
		bad "$alg: jca encap -> python decap"
	fi
	if python3 py.py "$alg" encap pp.pem e2 s3 && "$jca" decap -key pk.pem -in e2 -out s4 && cmp -s s3 s4; then
		ok "$alg: python encapsulates, jca decap with python's key"
	else
		bad "$alg: python encap -> jca decap (python's key)"
	fi
	# jca's key, python's encapsulation
	if "$jca" genpkey -a "$alg" -out jk2.pem && "$jca" pkey -in jk2.pem -pubout -out jp2.pem &&
	   python3 py.py "$alg" pub jk2.pem pp2.pem && cmp -s jp2.pem pp2.pem; then
		ok "$alg: jca's key read by python, the same public key"
	else
		bad "$alg: jca genpkey -> python"
	fi
	if python3 py.py "$alg" encap jp2.pem e3 s5 && "$jca" decap -key jk2.pem -in e3 -out s6 && cmp -s s5 s6; then
		ok "$alg: python encapsulates to jca's key, jca decap"
	else
		bad "$alg: python encap -> jca decap (jca's key)"
	fi
	if "$jca" encap -key jp2.pem -enc e4 -out s7 && python3 py.py "$alg" decap jk2.pem e4 s8 && cmp -s s7 s8; then
		ok "$alg: jca encap to jca's key, python decapsulates"
	else
		bad "$alg: jca encap -> python decap (jca's key)"
	fi
	# a changed byte: both sides give the same implicit-rejection secret
	python3 -c 'import sys; b = bytearray(open(sys.argv[1], "rb").read()); b[7] ^= 1; open(sys.argv[2], "wb").write(b)' e4 e5
	if "$jca" decap -key jk2.pem -in e5 -out s9 && python3 py.py "$alg" decap jk2.pem e5 s10 &&
	   cmp -s s9 s10 && ! cmp -s s9 s7; then
		ok "$alg: a changed encapsulation: the same rejection secret on both sides"
	else
		bad "$alg: implicit rejection differs between jca and python"
	fi
	if [ "$(stat -c %a s4)" = 600 ] && [ "$(stat -c %a s7)" = 600 ]; then
		ok "$alg: secrets written mode 0600"
	else
		bad "$alg: secret file modes $(stat -c %a s4) $(stat -c %a s7)"
	fi
done
exit $fail
