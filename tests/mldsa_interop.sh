#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# jca genpkey, pkey, sign and verify with ML-DSA-44/65/87 against Python's
# `cryptography` (OpenSSL's ML-DSA, independent of libjca), both ways:
#  - keys made by jca are read by python (same public key), keys made by
#    python are read by jca and written back byte for byte (PKCS#8 seed
#    form, SubjectPublicKeyInfo);
#  - jca's signatures (hedged, deterministic, with and without a context
#    string, messages of 0, 1, 1000 and 100003 bytes) verify in python, and
#    python's verify in jca; a changed byte or another context fails on
#    both sides;
#  - keys written in the expanded and both forms (RFC 9881) read back by
#    jca and sign what python verifies (python reads only the seed form).
#   top_builddir=DIR sh tests/mldsa_interop.sh     (the binary is DIR/jca)
set -u
jca="${top_builddir:-.}/jca"
case "$jca" in /*) ;; *) jca="$(pwd)/$jca" ;; esac
[ -x "$jca" ] || { echo "FAIL: no jca binary at $jca"; exit 1; }
if ! python3 -c 'from cryptography.hazmat.primitives.asymmetric import mldsa' 2>/dev/null; then
	echo "SKIP: Python 'cryptography' with ML-DSA (48 or later) not installed"
	exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }

# ref.py TASKFILE: one task a line, one python process for all of them;
# prints "ok: ..." or "FAIL: ..." for each.
#   gen LEVEL KEY PUB          a key pair: PKCS#8 and SPKI PEM
#   pub KEY PUB                KEY's public key is PUB's (and KEY loads)
#   sign KEY MSG SIG CTX       python signs (CTX hex, "-" for none)
#   verify PUB MSG SIG CTX     must verify
#   reject PUB MSG SIG CTX     must not verify
cat > ref.py <<'PY'
import sys
from cryptography.hazmat.primitives import serialization as ser
from cryptography.hazmat.primitives.asymmetric import mldsa
from cryptography.exceptions import InvalidSignature
CLS = {"44": mldsa.MLDSA44PrivateKey, "65": mldsa.MLDSA65PrivateKey, "87": mldsa.MLDSA87PrivateKey}
def rd(p): return open(p, "rb").read()
def ctx(h): return None if h == "-" else bytes.fromhex(h)
def pem_key(p): return ser.load_pem_private_key(rd(p), None)
def pem_pub(p): return ser.load_pem_public_key(rd(p))
fail = 0
for line in open(sys.argv[1]):
    t = line.split()
    try:
        if t[0] == "gen":
            k = CLS[t[1]].generate()
            open(t[2], "wb").write(k.private_bytes(ser.Encoding.PEM, ser.PrivateFormat.PKCS8, ser.NoEncryption()))
            open(t[3], "wb").write(k.public_key().public_bytes(ser.Encoding.PEM, ser.PublicFormat.SubjectPublicKeyInfo))
        elif t[0] == "pub":
            assert pem_key(t[1]).public_key() == pem_pub(t[2]), "public keys differ"
        elif t[0] == "sign":
            c = ctx(t[4])
            k = pem_key(t[1])
            open(t[3], "wb").write(k.sign(rd(t[2]), c) if c is not None else k.sign(rd(t[2])))
        elif t[0] in ("verify", "reject"):
            c = ctx(t[4])
            try:
                pem_pub(t[1]).verify(rd(t[3]), rd(t[2]), c)
                good = True
            except InvalidSignature:
                good = False
            assert good == (t[0] == "verify"), "verifies" if good else "does not verify"
        print("ok: python", line.strip())
    except Exception as e:
        print("FAIL: python", line.strip(), "->", e)
        fail = 1
sys.exit(fail)
PY
py() { python3 ref.py "$1" || fail=1; }

head -c 1000 /dev/urandom > m.1000
head -c 100003 /dev/urandom > m.100003
printf 'x' > m.1
: > m.0
ctx255=$(head -c 255 /dev/urandom | od -An -v -tx1 | tr -d ' \n')
# flip IN OUT: OUT is IN with its byte at offset 100 changed
flip() {
	cp "$1" "$2"
	v=$(od -An -tu1 -j100 -N1 "$1" | tr -d ' ')
	printf "\\$(printf '%03o' $(( (v + 1) % 256 )))" | dd of="$2" bs=1 seek=100 conv=notrunc 2>/dev/null
}

: > t1
for lv in 44 65 87; do
	a="ML-DSA-$lv"
	# keys both ways
	"$jca" genpkey -a "$a" -out j$lv.key && "$jca" pkey -in j$lv.key -pubout -out j$lv.pub ||
		bad "$a: jca genpkey/pkey"
	echo "pub j$lv.key j$lv.pub" >> t1
	echo "gen $lv p$lv.key p$lv.pub" >> t1
done
py t1
: > t2
for lv in 44 65 87; do
	a="ML-DSA-$lv"
	"$jca" pkey -in p$lv.key -out p$lv.key2 && cmp -s p$lv.key p$lv.key2 && ok "$a: python's PKCS#8 written back" ||
		bad "$a: python's PKCS#8 not written back byte for byte"
	"$jca" pkey -in p$lv.key -pubout -out p$lv.pub2 && cmp -s p$lv.pub p$lv.pub2 && ok "$a: python's SPKI from its key" ||
		bad "$a: the public key of python's key differs"
	"$jca" genpkey -a "$a" -p expanded -out e$lv.key && "$jca" genpkey -a "$a" -p both -out b$lv.key ||
		bad "$a: genpkey -p expanded/both"
	for f in e b; do
		"$jca" pkey -in $f$lv.key -out $f$lv.key2 && cmp -s $f$lv.key $f$lv.key2 &&
			"$jca" pkey -in $f$lv.key -pubout -out $f$lv.pub || bad "$a: form $f not read back"
		"$jca" sign -a "$a" -key $f$lv.key -out $f$lv.sig m.1000 || bad "$a: sign with form $f"
		echo "verify $f$lv.pub m.1000 $f$lv.sig -" >> t2
	done
	for n in 0 1 1000 100003; do
		for c in - 00 "$ctx255"; do
			opt=""
			[ "$c" = - ] || opt="-sigopt context:$c"
			tag="$lv.$n.${#c}"
			# jca signs (hedged, then deterministic), python verifies
			"$jca" sign -a "$a" -key j$lv.key $opt -out j$tag.sig m.$n || bad "$a: jca sign $tag"
			"$jca" sign -a "$a" -key j$lv.key $opt -sigopt deterministic:true -out d$tag.sig m.$n &&
				"$jca" sign -a "$a" -key j$lv.key $opt -sigopt deterministic:true -out d$tag.sig2 m.$n &&
				cmp -s d$tag.sig d$tag.sig2 || bad "$a: deterministic signatures $tag differ"
			echo "verify j$lv.pub m.$n j$tag.sig $c" >> t2
			echo "verify j$lv.pub m.$n d$tag.sig $c" >> t2
			flip j$tag.sig j$tag.bad
			echo "reject j$lv.pub m.$n j$tag.bad $c" >> t2
			[ "$c" = - ] && echo "reject j$lv.pub m.$n j$tag.sig 00" >> t2
			# python signs with both keys, jca verifies below
			echo "sign p$lv.key m.$n p$tag.sig $c" >> t2
			echo "sign j$lv.key m.$n q$tag.sig $c" >> t2
		done
	done
done
py t2
for lv in 44 65 87; do
	a="ML-DSA-$lv"
	for n in 0 1 1000 100003; do
		for c in - 00 "$ctx255"; do
			opt=""
			[ "$c" = - ] || opt="-sigopt context:$c"
			tag="$lv.$n.${#c}"
			"$jca" verify -a "$a" -key p$lv.pub $opt -sig p$tag.sig m.$n >/dev/null &&
				"$jca" verify -a "$a" -key j$lv.key $opt -sig q$tag.sig m.$n >/dev/null &&
				ok "$a: python's signatures $tag verify in jca" || bad "$a: python's signature $tag refused"
			flip p$tag.sig p$tag.bad
			"$jca" verify -a "$a" -key p$lv.pub $opt -sig p$tag.bad m.$n >/dev/null
			[ $? -eq 1 ] && ok "$a: changed signature $tag refused" || bad "$a: changed signature $tag accepted"
			if [ "$c" = - ]; then
				"$jca" verify -a "$a" -key p$lv.pub -sigopt context:01 -sig p$tag.sig m.$n >/dev/null
				[ $? -eq 1 ] || bad "$a: signature $tag verifies under another context"
			fi
		done
	done
	"$jca" sign -a "$a" -key p$lv.key -sigopt context:$ctx255$ctx255 m.1 >/dev/null 2>&1 &&
		bad "$a: a 510-byte context accepted" || ok "$a: a 510-byte context refused"
done
[ $fail -eq 0 ] && echo "PASS" || echo "FAILED"
exit $fail
