#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# jca genpkey, pkey, encap and decap for ML-KEM-768 and ML-KEM-1024 against
# python3's `cryptography` (OpenSSL inside), both ways: keys made by one
# side are read by the other (PKCS#8 in the seed form, SubjectPublicKeyInfo:
# the same bytes), an encapsulation made by one side is decapsulated by the
# other to the same secret, and a changed byte gives another secret
# (implicit rejection), no error. SKIP (77) without python3 or its ML-KEM.
#   top_builddir=DIR sh tests/kem_interop.sh     (the binary is DIR/jca)
set -u
jca="${top_builddir:-.}/jca"
case "$jca" in /*) ;; *) jca="$(pwd)/$jca" ;; esac
[ -x "$jca" ] || { echo "FAIL: no jca binary at $jca"; exit 1; }
if ! python3 -c 'from cryptography.hazmat.primitives.asymmetric import mlkem; mlkem.MLKEM768PrivateKey.generate()' 2>/dev/null; then
	echo "SKIP: Python 'cryptography' with ML-KEM (48 or later) not installed"
	exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }

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
