#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The PKCS#11 plugin against real SoftHSM2 tokens, made for this run in a
# temporary folder (SOFTHSM2_CONF points there) and removed at the end:
#   1. tests/pkcs11_core: the PKCS#11 core alone (every mechanism against
#      the built-in provider, keys destroyed, fork);
#   2. tests/check_pkcs11: the plugin's services through the registry (NIST
#      vectors, random inputs, every split, keys, threads, fork, token
#      failures); tests/check_pkcs11_conf: bad PIN, missing module, missing
#      token, PIN sources, two tokens, loaded by path, the other plugins;
#      tests/check_pkcs11_life: six tokens at once, teardown finalising the
#      module (after removal and the last free, at shutdown);
#   3. the jca command with the token as security.provider.1: dgst, mac,
#      enc/dec give the built-in provider's results.
# Exit 77 (SKIP) with the reason when SoftHSM2 is not installed.
set -u
top_builddir=${top_builddir:-.}
jca="$top_builddir/jca"

[ -x "$top_builddir/tests/check_pkcs11" ] && [ -x "$top_builddir/tests/check_pkcs11_conf" ] &&
	[ -x "$top_builddir/tests/check_pkcs11_keys" ] &&
	[ -x "$top_builddir/tests/pkcs11_core" ] || {
	echo "SKIP: the pkcs11 plugin is not built (configure found no p11-kit pkcs11.h: apt-get install -y libp11-kit-dev)"
	exit 77; }
. "${top_srcdir:-$(dirname "$0")/..}/tests/softhsm.sh"
softhsm_module
softhsm_dir jca-pkcs11
softhsm_token jca-test 123456
softhsm_token jca-two 24682468
# four more (six in all) for check_pkcs11_life: more tokens at once than
# ABI 2's plugin allowed (four)
for t in jca-t3 jca-t4 jca-t5 jca-t6; do
	softhsm_token $t 123456
done
JCA_TEST_P11_MODULE=$module
JCA_TEST_P11_DIR=$dir
JCA_TEST_PIN=123456
JCA_TEST_PIN2=24682468
export JCA_TEST_P11_MODULE JCA_TEST_P11_DIR JCA_TEST_PIN JCA_TEST_PIN2

rc=0
echo "== PKCS#11 core ($module)"
"$top_builddir/tests/pkcs11_core" "$module" jca-test JCA_TEST_PIN || rc=1
echo "== the plugin's services through the registry"
"$top_builddir/tests/check_pkcs11" || rc=1
echo "== AES/GCM on the token (CKM_AES_GCM)"
"$top_builddir/tests/check_pkcs11_gcm" || rc=1
echo "== its configuration: refusals, two tokens, other plugins"
"$top_builddir/tests/check_pkcs11_conf" || rc=1
echo "== the provider context: six tokens at once, teardown finalises the module"
"$top_builddir/tests/check_pkcs11_life" || rc=1
echo "== keys that never leave the token: KeyPairGenerator, Signature, ECDH, KeyStore PKCS11"
"$top_builddir/tests/check_pkcs11_keys" || rc=1

echo "== the jca command with the token as security.provider.1"
cat > "$dir/token.conf" <<EOF
security.provider.1 = softhsm
security.provider.2 = builtin
jca.plugin.dir = $top_builddir/plugins/.libs
jca.provider.softhsm.plugin = pkcs11
jca.provider.softhsm.library = $module
jca.provider.softhsm.token = jca-test
jca.provider.softhsm.pin.env = JCA_TEST_PIN
EOF
printf 'security.provider.1 = builtin\n' > "$dir/builtin.conf"
head -c 100000 /dev/urandom > "$dir/data"
key=000102030405060708090a0b0c0d0e0f
iv=0f0e0d0c0b0a09080706050403020100
check() {   # description, then the command (run with each configuration)
	what=$1; shift
	JCA_CONF="$dir/token.conf" "$@" > "$dir/out.token" 2> "$dir/err" || {
		echo "FAIL: $what with the token: $(cat "$dir/err")"; rc=1; return; }
	JCA_CONF="$dir/builtin.conf" "$@" > "$dir/out.builtin" || { echo "FAIL: $what built in"; rc=1; return; }
	if cmp -s "$dir/out.token" "$dir/out.builtin"; then echo "ok: $what"; else echo "FAIL: $what differs"; rc=1; fi
}
check "jca dgst -a SHA-256" "$jca" dgst -a SHA-256 "$dir/data"
check "jca dgst -a SHA-512" "$jca" dgst -a SHA-512 "$dir/data"
check "jca mac -a HmacSHA256" "$jca" mac -a HmacSHA256 -K "$key" "$dir/data"
check "jca enc -t AES/CBC/PKCS5Padding" "$jca" enc -t AES/CBC/PKCS5Padding -K "$key$key" --iv "$iv" -in "$dir/data"
JCA_CONF="$dir/builtin.conf" "$jca" enc -t AES/CBC/PKCS5Padding -K "$key" --iv "$iv" -in "$dir/data" -out "$dir/data.enc"
check "jca dec -t AES/CBC/PKCS5Padding" "$jca" dec -t AES/CBC/PKCS5Padding -K "$key" --iv "$iv" -in "$dir/data.enc"
cmp -s "$dir/out.token" "$dir/data" || { echo "FAIL: decryption is not the plaintext"; rc=1; }
gcmiv=cafebabefacedbaddecaf888
check "jca enc -t AES/GCM/NoPadding" "$jca" enc -t AES/GCM/NoPadding -K "$key" --iv "$gcmiv" --aad 0a0b -in "$dir/data"
JCA_CONF="$dir/builtin.conf" "$jca" enc -t AES/GCM/NoPadding -K "$key" --iv "$gcmiv" --aad 0a0b -in "$dir/data" \
	-out "$dir/data.gcm"
check "jca dec -t AES/GCM/NoPadding" "$jca" dec -t AES/GCM/NoPadding -K "$key" --iv "$gcmiv" --aad 0a0b -in "$dir/data.gcm"
cmp -s "$dir/out.token" "$dir/data" || { echo "FAIL: GCM decryption is not the plaintext"; rc=1; }
if JCA_CONF="$dir/token.conf" "$jca" dec -t AES/GCM/NoPadding -K "$key" --iv "$gcmiv" --aad 0a0c \
	-in "$dir/data.gcm" -out "$dir/bad.out" 2>/dev/null || [ -e "$dir/bad.out" ]; then
	echo "FAIL: GCM with a wrong AAD accepted by the token, or an output file left"; rc=1
else
	echo "ok: GCM with a wrong AAD refused by the token, no output file"
fi
# the token really served them: jca list shows it loaded, with SHA-256
JCA_CONF="$dir/token.conf" "$jca" list --load > "$dir/list" 2>&1
if grep -q "softhsm" "$dir/list" && ! grep -qi "failed" "$dir/list"; then
	echo "ok: jca list --load shows the token provider loaded"
else
	echo "FAIL: jca list --load:"; cat "$dir/list"; rc=1
fi
# the token's generator: listed, and `jca rand -a PKCS11-RNG` draws from it
if grep -q "PKCS11-RNG" "$dir/list"; then
	echo "ok: jca list shows SecureRandom PKCS11-RNG"
else
	echo "FAIL: jca list lacks PKCS11-RNG"; rc=1
fi
a=$(JCA_CONF="$dir/token.conf" "$jca" rand -a PKCS11-RNG -x 64 2>"$dir/err")
b=$(JCA_CONF="$dir/token.conf" "$jca" rand -a PKCS11-RNG -x 64 2>>"$dir/err")
if printf '%s\n' "$a" | grep -Eqx '[0-9a-f]{128}' && printf '%s\n' "$b" | grep -Eqx '[0-9a-f]{128}' &&
   [ "$a" != "$b" ]; then
	echo "ok: jca rand -a PKCS11-RNG: 64 bytes, two runs differ"
else
	echo "FAIL: jca rand -a PKCS11-RNG: '$a' '$b' $(cat "$dir/err")"; rc=1
fi
exit $rc
