#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# jca genpkey, pkey, sign, verify and agree against the openssl command on
# the same files, both ways: Ed25519 and X25519 (the built-in provider),
# EC P-256 and RSA 2048 (one 3072) when a provider offers them (the
# OpenSSL bridge; without it those parts say SKIP).
#   top_builddir=DIR sh tests/pkey_cli.sh     (the binary is DIR/jca)
# Prints "ok: ...", "FAIL: ..." or "SKIP: ..." per check; exits 1 if any
# check failed, 77 if none could run.
set -u
jca="${top_builddir:-.}/jca"
case "$jca" in /*) ;; *) jca="$(pwd)/$jca" ;; esac
[ -x "$jca" ] || { echo "FAIL: no jca binary at $jca"; exit 1; }
if ! command -v openssl >/dev/null 2>&1; then
	echo "SKIP: the openssl command is not installed: nothing to compare with"
	exit 77
fi
plug="${top_builddir:-.}/plugins/.libs"
case "$plug" in /*) ;; *) plug="$(pwd)/$plug" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fail=0 ran=0
ok() { echo "ok: $1"; ran=$((ran + 1)); }
bad() { echo "FAIL: $1"; fail=1; ran=$((ran + 1)); }
# status DESC WANT CMD...: ok when CMD exits with WANT
status() {
	s_what=$1 s_want=$2; shift 2
	"$@" >out 2>err
	s_got=$?
	if [ $s_got = "$s_want" ]; then ok "$s_what"; else
		bad "$s_what (exit $s_got, want $s_want)"; sed 's/^/    /' err out
	fi
}
same() { # DESC FILE1 FILE2
	if cmp -s "$2" "$3"; then ok "$1"; else bad "$1"; fi
}

if [ -f "$plug/openssl.so" ]; then
	printf 'security.provider.1 = builtin\nsecurity.provider.2 = openssl\njca.plugin.dir = %s\n' "$plug" > b.conf
else
	echo "SKIP: the OpenSSL bridge is not built (plugins/.libs/openssl.so): EC and RSA need it"
	: > b.conf
fi
JCA_CONF=$tmp/b.conf
export JCA_CONF
# offers TYPE NAME: whether a loaded provider has the service
"$jca" list --load > list.out 2>/dev/null
offers() {
	awk -v t="$1:" -v n="$2" '/^   [^ ]/ { cur = $1 } /^     [^ ]/ && cur == t && $1 == n { f = 1 }
		END { exit !f }' list.out
}

head -c 100003 /dev/urandom > msg
: > empty
cp msg tampered
printf 'x' | dd of=tampered bs=1 seek=5000 conv=notrunc 2>/dev/null
cmp -s msg tampered && printf 'y' | dd of=tampered bs=1 seek=5000 conv=notrunc 2>/dev/null
head -c 300 /dev/urandom > garbage.der
{ echo "-----BEGIN PRIVATE KEY-----"; head -c 90 /dev/urandom | base64; echo "-----END PRIVATE KEY-----"; } > garbage.pem

# okeys NAME OPTS...: the key pair's files from openssl genpkey OPTS:
# o_NAME.pem, o_NAME.der (PKCS#8: 'openssl pkey -outform DER' writes EC
# and RSA keys in their traditional DER, which jca_key_decode takes only
# in PEM), o_NAME_pub.pem, o_NAME_pub.der
okeys() {
	n=$1; shift
	openssl genpkey "$@" -out o_$n.pem 2>/dev/null &&
	openssl pkcs8 -topk8 -nocrypt -in o_$n.pem -outform DER -out o_$n.der &&
	openssl pkey -in o_$n.pem -pubout -out o_${n}_pub.pem &&
	openssl pkey -in o_$n.pem -pubout -outform DER -out o_${n}_pub.der
}

# pkey_checks NAME: jca pkey reads every form openssl wrote and writes the
# same public key; its PKCS#8 goes back to openssl unchanged in meaning
pkey_checks() {
	n=$1
	"$jca" pkey -in o_$n.pem -pubout -out j_pub.pem 2>err
	same "$n: jca pkey -pubout equals openssl pkey -pubout (PEM)" o_${n}_pub.pem j_pub.pem
	"$jca" pkey -in o_$n.der -pubout -outform DER > j_pub.der 2>err
	same "$n: jca pkey -pubout -outform DER of a DER key equals openssl's" o_${n}_pub.der j_pub.der
	"$jca" pkey -in o_${n}_pub.der > j_pub2.pem 2>err
	same "$n: a DER public key comes back as openssl's PEM" o_${n}_pub.pem j_pub2.pem
	"$jca" pkey -in - -pubout < o_${n}_pub.pem > j_pub3.pem 2>err
	same "$n: a public key from standard input, -pubout" o_${n}_pub.pem j_pub3.pem
	if "$jca" pkey -in o_$n.pem -out j_priv.pem 2>err &&
	   "$jca" pkey -in o_$n.pem -outform DER -out j_priv.der 2>>err &&
	   openssl pkey -in j_priv.pem -pubout -out x_pub.pem 2>>err &&
	   openssl pkey -inform DER -in j_priv.der -pubout -out x_pub2.pem 2>>err &&
	   cmp -s x_pub.pem o_${n}_pub.pem && cmp -s x_pub2.pem o_${n}_pub.pem &&
	   grep -q 'BEGIN PRIVATE KEY' j_priv.pem && [ "$(stat -c %a j_priv.pem)" = 600 ]; then
		ok "$n: jca pkey's PKCS#8 (PEM, DER; mode 0600) read by openssl, same key"
	else
		bad "$n: jca pkey's PKCS#8 private key"; cat err
	fi
}

# genpkey_check NAME ALG [PARAM]: jca genpkey's key passes openssl pkey -check
genpkey_check() {
	n=$1 alg=$2
	rm -f j_$n.pem
	if "$jca" genpkey -a "$alg" ${3:+-p "$3"} -out j_$n.pem 2>err && grep -q 'BEGIN PRIVATE KEY' j_$n.pem &&
	   [ "$(stat -c %a j_$n.pem)" = 600 ] && openssl pkey -check -noout -in j_$n.pem >/dev/null 2>>err; then
		ok "$n: jca genpkey -a $alg${3:+ -p $3} key (mode 0600) accepted by openssl pkey -check"
	else
		bad "$n: jca genpkey -a $alg${3:+ -p $3}"; cat err
	fi
}

# sign_checks NAME JCA_ALG DGST: both directions with openssl dgst -DGST
# (Ed25519: openssl pkeyutl -rawin); tampered input, exit codes
sign_checks() {
	n=$1 alg=$2 d=$3
	for key in o_$n j_$n; do
		[ -f $key.pem ] || continue
		openssl pkey -in $key.pem -pubout -out pub.pem
		rm -f sig
		if [ $d = raw ]; then
			"$jca" sign -a "$alg" -key $key.pem -out sig msg 2>err &&
				openssl pkeyutl -verify -rawin -pubin -inkey pub.pem -in msg -sigfile sig >/dev/null 2>>err
		else
			"$jca" sign -a "$alg" -key $key.pem -out sig msg 2>err &&
				openssl dgst -$d -verify pub.pem -signature sig msg >/dev/null 2>>err
		fi
		if [ $? = 0 ]; then ok "$n: jca sign -a $alg ($key key) verified by openssl"
		else bad "$n: jca sign -a $alg ($key key) not verified by openssl"; cat err; fi
	done
	if [ $d = raw ]; then
		openssl pkeyutl -sign -rawin -inkey o_$n.pem -in msg -out osig
		# openssl 3.0's pkeyutl -rawin cannot read an empty file
		rm -f osig0
		openssl pkeyutl -sign -rawin -inkey o_$n.pem -in empty -out osig0 2>/dev/null
	else
		openssl dgst -$d -sign o_$n.pem -out osig msg
		openssl dgst -$d -sign o_$n.pem -out osig0 empty
	fi
	status "$n: openssl's signature verifies with jca verify (public key)" 0 \
		"$jca" verify -a "$alg" -key o_${n}_pub.pem -sig osig msg
	grep -qx 'Verified OK' out || bad "$n: jca verify did not print 'Verified OK'"
	status "$n: ... with the private key, DER, input on standard input" 0 \
		sh -c '"$1" verify -a "$2" -key "$3" -sig osig < msg' sh "$jca" "$alg" o_$n.der
	if [ -s osig0 ]; then
		status "$n: openssl's signature of an empty file verifies" 0 \
			"$jca" verify -a "$alg" -key o_${n}_pub.der -sig osig0 empty
	elif python3 -c 'import cryptography.hazmat.primitives.asymmetric.ed25519' 2>/dev/null; then
		# the empty message through Python's cryptography instead
		"$jca" sign -a "$alg" -key o_$n.pem -out sig0 empty 2>err
		status "$n: jca's signature of an empty file verified by Python's cryptography" 0 \
			python3 -c 'import sys
from cryptography.hazmat.primitives.serialization import load_pem_public_key
load_pem_public_key(open(sys.argv[1], "rb").read()).verify(open("sig0", "rb").read(), b"")' o_${n}_pub.pem
	else
		echo "SKIP: $n: neither this openssl nor Python's cryptography signs an empty file"
	fi
	status "$n: tampered file: jca verify exits 1" 1 \
		"$jca" verify -a "$alg" -key o_${n}_pub.pem -sig osig tampered
	grep -qx 'Verification failure' out || bad "$n: jca verify did not print 'Verification failure'"
	status "$n: a signature of another file (an empty one): exit 1" 1 \
		"$jca" verify -a "$alg" -key o_${n}_pub.pem -sig osig empty
	status "$n: garbage key file (DER): exit 2" 2 "$jca" verify -a "$alg" -key garbage.der -sig osig msg
	status "$n: garbage key file (PEM): exit 2" 2 "$jca" verify -a "$alg" -key garbage.pem -sig osig msg
	status "$n: missing key file: exit 2" 2 "$jca" verify -a "$alg" -key nosuch.pem -sig osig msg
	status "$n: unknown algorithm: exit 2" 2 "$jca" verify -a SHA256withNothing -key o_$n.pem -sig osig msg
	status "$n: jca sign with a public key: exit 2" 2 "$jca" sign -a "$alg" -key o_${n}_pub.pem msg
	status "$n: jca sign with a garbage key: exit 2" 2 "$jca" sign -a "$alg" -key garbage.pem msg
	if [ $d = raw ] || [ "${n#rsa}" != "$n" ]; then
		# deterministic signatures (RFC 8032, PKCS#1 v1.5): the same bytes
		"$jca" sign -a "$alg" -key o_$n.pem < msg > jsig 2>err
		same "$n: jca sign (standard input) writes openssl's bytes" osig jsig
	fi
}

# agree_checks NAME JCA_ALG: jca agree equals openssl pkeyutl -derive
agree_checks() {
	n=$1 alg=$2
	openssl pkey -in j_$n.pem -pubout -out j_${n}_pub.pem
	openssl pkeyutl -derive -inkey j_$n.pem -peerkey o_${n}_pub.pem -out ref 2>err
	"$jca" agree -a "$alg" -key j_$n.pem -peer o_${n}_pub.pem -out s1 2>>err
	"$jca" agree -a "$alg" -key o_$n.der -peer j_${n}_pub.pem > s2 2>>err
	if [ -s ref ] && cmp -s ref s1 && cmp -s ref s2 && [ "$(stat -c %a s1)" = 600 ]; then
		ok "$n: jca agree -a $alg equals openssl pkeyutl -derive, both sides (mode 0600)"
	else
		bad "$n: jca agree -a $alg differs from openssl pkeyutl -derive"; cat err
	fi
	status "$n: jca agree with a garbage peer key: exit 2" 2 \
		"$jca" agree -a "$alg" -key j_$n.pem -peer garbage.der
	status "$n: jca agree with a public key as mine: exit 2" 2 \
		"$jca" agree -a "$alg" -key j_${n}_pub.pem -peer o_${n}_pub.pem
}

# ---- Ed25519 and X25519 ----
if okeys ed25519 -algorithm ED25519 && okeys x25519 -algorithm X25519; then
	genpkey_check ed25519 Ed25519
	pkey_checks ed25519
	sign_checks ed25519 Ed25519 raw
	genpkey_check x25519 X25519
	pkey_checks x25519
	agree_checks x25519 X25519
	status "x25519: jca sign with an X25519 key: exit 2" 2 "$jca" sign -a Ed25519 -key o_x25519.pem msg
else
	echo "SKIP: openssl cannot make Ed25519 and X25519 keys"
fi

# ---- EC P-256 (and the traditional EC PRIVATE KEY form) ----
if offers KeyPairGenerator EC && offers Signature SHA256withECDSA; then
	okeys ec -algorithm EC -pkeyopt ec_paramgen_curve:P-256
	genpkey_check ec EC secp256r1
	pkey_checks ec
	openssl ec -in o_ec.pem -out trad.pem 2>/dev/null
	grep -q 'BEGIN EC PRIVATE KEY' trad.pem && "$jca" pkey -in trad.pem -pubout > j_pub.pem 2>err
	same "ec: an EC PRIVATE KEY (RFC 5915) is read" o_ec_pub.pem j_pub.pem
	sign_checks ec SHA256withECDSA sha256
	if offers KeyAgreement ECDH; then
		agree_checks ec ECDH
		status "ec: jca agree ECDH with an X25519 peer: exit 2" 2 \
			"$jca" agree -a ECDH -key j_ec.pem -peer o_x25519_pub.pem
	else
		echo "SKIP: no provider offers KeyAgreement ECDH"
	fi
else
	echo "SKIP: no provider offers KeyPairGenerator EC and Signature SHA256withECDSA (the OpenSSL bridge's)"
fi

# ---- RSA 2048, one 3072 ----
if offers KeyPairGenerator RSA && offers Signature SHA256withRSA; then
	okeys rsa -algorithm RSA -pkeyopt rsa_keygen_bits:2048
	genpkey_check rsa RSA 2048
	pkey_checks rsa
	openssl rsa -traditional -in o_rsa.pem -out trad.pem 2>/dev/null
	grep -q 'BEGIN RSA PRIVATE KEY' trad.pem && "$jca" pkey -in trad.pem -pubout > j_pub.pem 2>err
	same "rsa: an RSA PRIVATE KEY (RFC 8017) is read" o_rsa_pub.pem j_pub.pem
	sign_checks rsa SHA256withRSA sha256
	okeys rsa3072 -algorithm RSA -pkeyopt rsa_keygen_bits:3072
	genpkey_check rsa3072 RSA 3072
	sign_checks rsa3072 SHA384withRSA sha384
else
	echo "SKIP: no provider offers KeyPairGenerator RSA and Signature SHA256withRSA (the OpenSSL bridge's)"
fi

# ---- the output file ----
if offers KeyPairGenerator Ed25519; then
	echo old > kept.pem
	chmod 644 kept.pem
	"$jca" genpkey -a Ed25519 -out kept.pem 2>err
	[ "$(stat -c %a kept.pem)" = 600 ] && grep -q 'BEGIN PRIVATE KEY' kept.pem
	[ $? = 0 ] && ok "genpkey over a 0644 file: replaced, mode 0600" || bad "genpkey over a 0644 file"
	status "genpkey -a with no such algorithm: exit 2" 2 "$jca" genpkey -a NoSuchKey -out none.pem
	[ -e none.pem ] && bad "a failed genpkey left its output file"
fi

ls -l /dev/null | grep -q '^c' || bad "/dev/null is no longer a character device"
if [ $ran = 0 ]; then
	echo "SKIP: nothing could run"
	exit 77
fi
[ $fail = 0 ] && echo "all $ran key and signature checks passed"
exit $fail
