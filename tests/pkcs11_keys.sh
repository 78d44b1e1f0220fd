#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Keys that never leave a PKCS#11 token, through the jca command, against a
# SoftHSM2 token made for this run in a temporary folder (removed at the
# end) and the openssl command:
#   - jca genpkey -out 'pkcs11:token=T;object=L' makes an EC P-256 and an
#     RSA-3072 pair (and Ed25519 where the token has CKM_EDDSA) on the
#     token; jca keystore list shows them, private keys not extractable;
#   - jca pkey -in 'pkcs11:...;type=public' -pubout exports the public keys;
#     jca sign with the private key's URI signs on the token, and
#     `openssl dgst -verify` (pkeyutl for Ed25519) and `jca verify` accept
#     the signatures against the exported keys; a changed file is refused;
#   - `jca pkey` cannot export either private key (a clear error, exit 2);
#   - ECDH on the token gives `openssl pkeyutl -derive`'s secret;
#   - a taken label, a missing object, a URI naming two objects, a PIN in
#     the URI and a wrong PIN are refused with a message; delete removes.
# Exit 77 (SKIP) with the reason when SoftHSM2, the pkcs11 plugin, the
# OpenSSL bridge or the openssl command is absent.
set -u
top_builddir=${top_builddir:-.}
jca="$top_builddir/jca"
plugins="$top_builddir/plugins/.libs"
[ -d "$plugins" ] && plugins=$(cd "$plugins" && pwd)   # jca.plugin.dir is absolute

[ -f "$plugins/pkcs11.so" ] || {
	echo "SKIP: the pkcs11 plugin is not built (configure found no p11-kit pkcs11.h: apt-get install -y libp11-kit-dev)"
	exit 77; }
[ -f "$plugins/openssl.so" ] || { echo "SKIP: the OpenSSL bridge is not built (apt-get install -y libssl-dev)"; exit 77; }
command -v openssl >/dev/null 2>&1 || { echo "SKIP: no openssl command (apt-get install -y openssl)"; exit 77; }
. "${top_srcdir:-$(dirname "$0")/..}/tests/softhsm.sh"
softhsm_module
softhsm_dir jca-p11keys
softhsm_token jca-keys 123456
JCA_TEST_PIN=123456
JCA_TEST_BAD_PIN=654321
export JCA_TEST_PIN JCA_TEST_BAD_PIN
conf() {   # file, PIN variable
	cat > "$1" <<EOF
security.provider.1 = builtin
security.provider.2 = openssl
security.provider.3 = softhsm
jca.plugin.dir = $plugins
jca.provider.softhsm.plugin = pkcs11
jca.provider.softhsm.library = $module
jca.provider.softhsm.token = jca-keys
jca.provider.softhsm.pin.env = $2
EOF
}
conf "$dir/jca.conf" JCA_TEST_PIN
conf "$dir/badpin.conf" JCA_TEST_BAD_PIN
printf 'security.provider.1 = builtin\nsecurity.provider.2 = openssl\njca.plugin.dir = %s\n' "$plugins" \
	> "$dir/soft.conf"
JCA_CONF="$dir/jca.conf"
export JCA_CONF
T='pkcs11:token=jca-keys'
head -c 100000 /dev/urandom > "$dir/data"
cp "$dir/data" "$dir/changed"
printf 'x' >> "$dir/changed"

rc=0
ok() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; rc=1; }
# expect_error "what" needle command...: exit status 2 and needle in the message
expect_error() {
	what=$1; needle=$2; shift 2
	"$@" > "$dir/out" 2> "$dir/err"
	st=$?
	if [ "$st" -eq 2 ] && grep -qi -- "$needle" "$dir/err"; then
		ok "$what: refused ($(head -n 1 "$dir/err"))"
	else
		fail "$what: exit $st, wanted 2 with '$needle': $(cat "$dir/err")"
	fi
}

# ---- pairs made on the token
"$jca" genpkey -a EC -p secp256r1 -out "$T;object=ec-key" 2> "$dir/err" && ok "genpkey EC P-256 on the token" ||
	fail "genpkey EC on the token: $(cat "$dir/err")"
"$jca" genpkey -a RSA -p 3072 -out "$T;object=rsa-key" 2> "$dir/err" && ok "genpkey RSA-3072 on the token" ||
	fail "genpkey RSA-3072 on the token: $(cat "$dir/err")"
eddsa=0
if "$jca" genpkey -a Ed25519 -P softhsm -out "$T;object=ed-key" 2> "$dir/err"; then
	eddsa=1; ok "genpkey Ed25519 on the token"
elif grep -q "does not offer" "$dir/err"; then
	echo "note: the token offers no Ed25519 KeyPairGenerator: $(cat "$dir/err")"
else
	fail "genpkey Ed25519 on the token: $(cat "$dir/err")"
fi
expect_error "a label already on the token" "already" "$jca" genpkey -a EC -out "$T;object=ec-key"
expect_error "genpkey -out URI without object=" "object=" "$jca" genpkey -a EC -out "$T"

# ---- the list
"$jca" keystore list "$T" > "$dir/list" 2> "$dir/err" || fail "keystore list: $(cat "$dir/err")"
n=$(grep -c -E ' (ec|rsa|ed)-key$' "$dir/list")
if [ "$n" -eq $((4 + 2 * eddsa)) ] &&
   grep -E '^private +EC +256 +secp256r1 +no ' "$dir/list" | grep -q ' ec-key$' &&
   grep -E '^private +RSA +3072 +- +no ' "$dir/list" | grep -q ' rsa-key$' &&
   grep -E '^public +EC ' "$dir/list" | grep -q ' ec-key$'; then
	ok "keystore list: $n entries, the private keys not extractable"
else
	fail "keystore list:"; cat "$dir/list"
fi

# the URI's type= may name either half (both are made); the store chooses the id
"$jca" genpkey -a EC -out "$T;object=ec2-key;type=private" 2> "$dir/err" &&
	"$jca" keystore list "$T" 2>/dev/null | grep -c ' ec2-key$' | grep -qx 2 &&
	ok "genpkey -out with type=private: the pair is made" || fail "genpkey -out with type=: $(cat "$dir/err")"
expect_error "genpkey -out with id=" "id=" "$jca" genpkey -a EC -out "$T;object=ec3-key;id=%01"

# ---- public keys out, private keys not
for k in ec rsa; do
	"$jca" pkey -in "$T;object=$k-key;type=public" -pubout -out "$dir/$k.pub" 2> "$dir/err" ||
		fail "pkey -pubout of $k-key: $(cat "$dir/err")"
	if openssl pkey -pubin -in "$dir/$k.pub" -noout 2>/dev/null; then
		ok "the exported $k public key reads with openssl"
	else
		fail "openssl cannot read the exported $k public key"
	fi
	# no type=: -pubout takes the public key of the pair
	"$jca" pkey -in "$T;object=$k-key" -pubout > "$dir/$k.pub2" 2> "$dir/err" &&
		cmp -s "$dir/$k.pub" "$dir/$k.pub2" && ok "pkey -pubout without type= gives the same key" ||
		fail "pkey -pubout without type=: $(cat "$dir/err")"
	expect_error "pkey of the $k private key" "not extractable" \
		"$jca" pkey -in "$T;object=$k-key;type=private"
	expect_error "pkey -outform DER of the $k private key" "not extractable" \
		"$jca" pkey -in "$T;object=$k-key;type=private" -outform DER -out "$dir/leak"
	[ ! -e "$dir/leak" ] || fail "a file was left by the refused export"
done
openssl pkey -pubin -in "$dir/rsa.pub" -text -noout 2>/dev/null | grep -q "3072 bit" &&
	ok "the RSA public key is 3072 bits" || fail "the RSA public key is not 3072 bits"

# ---- signatures on the token, verified by openssl and by jca
sign() {   # algorithm, key, openssl digest, openssl extra options...
	alg=$1; k=$2; md=$3; shift 3
	if ! "$jca" sign -a "$alg" -key "$T;object=$k-key;type=private" -out "$dir/sig" "$dir/data" 2> "$dir/err"; then
		fail "jca sign -a $alg with the token's $k key: $(cat "$dir/err")"; return
	fi
	if openssl dgst "-$md" -verify "$dir/$k.pub" "$@" -signature "$dir/sig" "$dir/data" > "$dir/v" 2>&1; then
		ok "$alg made on the token verifies with openssl dgst -verify"
	else
		fail "$alg made on the token: openssl dgst -verify: $(cat "$dir/v")"
	fi
	if openssl dgst "-$md" -verify "$dir/$k.pub" "$@" -signature "$dir/sig" "$dir/changed" > /dev/null 2>&1; then
		fail "$alg: openssl verified a changed file"
	fi
	JCA_CONF="$dir/soft.conf" "$jca" verify -a "$alg" -key "$dir/$k.pub" -sig "$dir/sig" "$dir/data" > "$dir/v" 2>&1 &&
		ok "$alg verifies with jca verify and the exported key (no token configured)" ||
		fail "$alg: jca verify with the exported key: $(cat "$dir/v")"
	"$jca" verify -a "$alg" -key "$T;object=$k-key" -sig "$dir/sig" "$dir/data" > "$dir/v" 2>&1 &&
		ok "$alg verifies on the token (the public key's URI)" ||
		fail "$alg: jca verify on the token: $(cat "$dir/v")"
	"$jca" verify -a "$alg" -key "$T;object=$k-key" -sig "$dir/sig" "$dir/changed" > "$dir/v" 2>&1
	[ $? -eq 1 ] && ok "$alg: a changed file fails on the token (exit 1)" ||
		fail "$alg: a changed file on the token: $(cat "$dir/v")"
}
sign SHA256withECDSA ec sha256
sign SHA384withECDSA ec sha384
sign SHA512withECDSA ec sha512
sign SHA256withRSA rsa sha256
sign SHA512withRSA rsa sha512
sign SHA256withRSA/PSS rsa sha256 -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:32 -sigopt rsa_mgf1_md:sha256
if [ "$eddsa" -eq 1 ]; then
	"$jca" pkey -in "$T;object=ed-key;type=public" -pubout -out "$dir/ed.pub" 2> "$dir/err" &&
	# SoftHSM2 2.6.1 leaks 37 bytes in its CKM_EDDSA C_Sign (tests/check_pkcs11_keys.c says where):
	# this one command runs without LeakSanitizer's exit check (ASan's other checks stay)
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
	"$jca" sign -a Ed25519 -key "$T;object=ed-key;type=private" -out "$dir/sig" "$dir/data" 2> "$dir/err" &&
	openssl pkeyutl -verify -pubin -inkey "$dir/ed.pub" -rawin -in "$dir/data" -sigfile "$dir/sig" > "$dir/v" 2>&1 &&
		ok "Ed25519 made on the token verifies with openssl pkeyutl" ||
		fail "Ed25519 on the token: $(cat "$dir/err" "$dir/v" 2>/dev/null)"
fi

# ---- ECDH on the token against openssl's
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$dir/peer.pem" 2>/dev/null &&
	openssl pkey -in "$dir/peer.pem" -pubout -out "$dir/peer.pub" 2>/dev/null || fail "openssl genpkey EC"
openssl pkeyutl -derive -inkey "$dir/peer.pem" -peerkey "$dir/ec.pub" -out "$dir/s.openssl" 2>/dev/null ||
	fail "openssl pkeyutl -derive"
if "$jca" agree -a ECDH -key "$T;object=ec-key" -peer "$dir/peer.pub" -out "$dir/s.jca" 2> "$dir/err" &&
   cmp -s "$dir/s.jca" "$dir/s.openssl"; then
	ok "ECDH on the token equals openssl pkeyutl -derive"
else
	fail "ECDH on the token: $(cat "$dir/err")"
fi

# ---- refusals
expect_error "a missing object" "names no entry" "$jca" sign -a SHA256withECDSA -key "$T;object=nothing" "$dir/data"
expect_error "a URI naming two objects (a pair, no type=)" "names 2 entries" "$jca" pkey -in "$T;object=ec-key"
expect_error "a URI naming every private key" "entries" "$jca" sign -a SHA256withECDSA -key "$T;type=private" "$dir/data"
expect_error "a PIN in the URI" "PIN" "$jca" sign -a SHA256withECDSA -key "$T;object=ec-key?pin-value=123456" "$dir/data"
expect_error "another token" "none of" "$jca" keystore list "pkcs11:token=no-such-token"
JCA_CONF="$dir/badpin.conf" "$jca" keystore list "$T" > "$dir/out" 2> "$dir/err"
if [ $? -eq 2 ] && grep -q "CKR_PIN_INCORRECT" "$dir/err"; then
	ok "a wrong PIN: refused ($(head -n 1 "$dir/err"))"
else
	JCA_CONF="$dir/badpin.conf" "$jca" list --load > "$dir/list2" 2>&1
	if grep -q "CKR_PIN_INCORRECT" "$dir/list2"; then
		ok "a wrong PIN: the provider failed with CKR_PIN_INCORRECT (jca list --load)"
	else
		fail "a wrong PIN: $(cat "$dir/err")"
	fi
fi
# the token's key pinned to another provider's Signature
expect_error "the token's key given to openssl's Signature" "not extractable" \
	"$jca" sign -a SHA256withECDSA -P openssl -key "$T;object=ec-key;type=private" "$dir/data"

# ---- delete
"$jca" keystore delete "$T;object=rsa-key" 2> "$dir/err" && ok "keystore delete rsa-key" ||
	fail "keystore delete: $(cat "$dir/err")"
"$jca" keystore list "$T" > "$dir/list" 2>&1
grep -q ' rsa-key$' "$dir/list" && fail "rsa-key still listed after delete"
grep -q ' ec-key$' "$dir/list" || fail "ec-key gone after deleting rsa-key"
expect_error "a deleted key" "names no entry" "$jca" sign -a SHA256withRSA -key "$T;object=rsa-key" "$dir/data"
expect_error "delete of a missing label" "no entry" "$jca" keystore delete "$T;object=rsa-key"
exit $rc
