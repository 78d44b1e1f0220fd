#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Makes the key fixtures of tests/check_der.c with the openssl command
# (OpenSSL 3): for each algorithm a private key as PKCS#8 (NAME.priv.pem,
# NAME.priv.der), its SubjectPublicKeyInfo (NAME.pub.pem, NAME.pub.der), for
# EC and RSA the traditional form too (NAME.trad.pem: "EC PRIVATE KEY",
# "RSA PRIVATE KEY"), and for EC three ECDSA signatures over msg.txt
# (NAME.sigN.der, openssl dgst -sha256 -sign). Run it in tests/kat/keys/;
# the keys are test keys only, never used for anything else.
set -eu
cd "$(dirname "$0")"
printf 'libjca DER test message\n' > msg.txt

key() {   # name, genpkey arguments...
	n=$1
	shift
	openssl genpkey "$@" -out "$n.priv.pem"
	# pkcs8, not pkey: OpenSSL 3.0's pkey -outform DER writes EC and RSA
	# keys in their traditional form
	openssl pkcs8 -topk8 -nocrypt -in "$n.priv.pem" -outform DER -out "$n.priv.der"
	openssl pkey -in "$n.priv.pem" -pubout -out "$n.pub.pem"
	openssl pkey -in "$n.priv.pem" -pubout -outform DER -out "$n.pub.der"
}

key ed25519 -algorithm ED25519
key x25519 -algorithm X25519
for c in P-256 P-384 P-521; do
	n=ec$(echo "$c" | tr -d 'P-')
	key "$n" -algorithm EC -pkeyopt ec_paramgen_curve:$c -pkeyopt ec_param_enc:named_curve
	openssl pkey -in "$n.priv.pem" -traditional -out "$n.trad.pem"
	for i in 1 2 3; do
		openssl dgst -sha256 -sign "$n.priv.pem" -out "$n.sig$i.der" msg.txt
	done
done
key rsa2048 -algorithm RSA -pkeyopt rsa_keygen_bits:2048
openssl pkey -in rsa2048.priv.pem -traditional -out rsa2048.trad.pem
# RSA-PSS keys without parameters and with them (RFC 4055: both are valid)
key rsapss -algorithm RSA-PSS -pkeyopt rsa_keygen_bits:2048
key rsapss_params -algorithm RSA-PSS -pkeyopt rsa_keygen_bits:2048 \
	-pkeyopt rsa_pss_keygen_md:sha256 -pkeyopt rsa_pss_keygen_mgf1_md:sha256 -pkeyopt rsa_pss_keygen_saltlen:32

# the seeds of tests/fuzz/fuzz_der.c: each fixture behind its mode byte
C=../../fuzz/corpus/fuzz_der
mkdir -p "$C"
seed() { { printf "\\$1"; cat; } > "$C/$2"; }
for n in ed25519 x25519 ec256 ec384 ec521 rsa2048 rsapss rsapss_params; do
	seed 000 "spki_$n" < "$n.pub.der"
	seed 001 "pkcs8_$n" < "$n.priv.der"
	seed 002 "pem_pub_$n" < "$n.pub.pem"
done
for n in ed25519 ec384 rsapss_params; do
	seed 002 "pem_priv_$n" < "$n.priv.pem"
done
for n in ec256 ec384 ec521; do
	seed 003 "sig_$n" < "$n.sig1.der"
	seed 002 "pem_trad_$n" < "$n.trad.pem"
	openssl base64 -d -in "$n.trad.pem" | seed 004 "trad_$n"
done
openssl base64 -d -in rsa2048.trad.pem | seed 004 trad_rsa2048
