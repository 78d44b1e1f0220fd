#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Runs the MessageDigest, Cipher, Mac, SecureRandom, KDF, Curve25519, KEM and backend suites again with lower
# CPU tiers forced through JCA_CPU, so every implementation this machine
# can run is exercised as the active one, not only by its driver name.
# JCA_TIER_VECTORS=no: the tiers without the NIST vector files (tests/all.sh's
# asan stage: under ASan the vectors run once, every implementation by its
# driver name, in vectors.sh and check_gcm; 5 tiers of them took too long).
# JCA_TIERS=no: skipped (tests/all.sh's distcheck stage, whose make check is
# about the tarball and long paths; the tiers run in check and asan).
set -u
if [ "${JCA_TIERS:-yes}" = no ]; then
	echo "SKIP: JCA_TIERS=no (the CPU tiers run in the check and asan stages of tests/all.sh)"
	exit 77
fi
unset CK_EXCLUDE_TAGS   # every tier runs the NIST vector cases too
if [ "${JCA_TIER_VECTORS:-yes}" = no ]; then
	echo "the tiers without the NIST vector files (JCA_TIER_VECTORS=no)"
	JCA_VECTORS=/nonexistent/JCA_TIER_VECTORS=no
	export JCA_VECTORS
fi
b="${top_builddir:-.}/tests"
fail=0
. "${top_srcdir:-.}/tests/tier_list.sh"
tiers=$(jca_tier_list "$(uname -m)")
for tier in $tiers; do
	for t in check_backends check_mac check_cipher check_gcm check_random check_kdf check_curve25519 check_kem; do
		JCA_CPU=$tier "$b/$t" > "$b/tier-$t.out" 2>&1
		case $? in
		0) echo "ok: JCA_CPU=$tier $t" ;;
		# check_backends with only the portable code usable (JCA_CPU=generic):
		# nothing to compare, it says so
		77) echo "skip: JCA_CPU=$tier $t: $(grep '^SKIP' "$b/tier-$t.out")" ;;
		*) echo "FAIL: JCA_CPU=$tier $t"; cat "$b/tier-$t.out"; fail=1 ;;
		esac
	done
done
# Curve25519's portable backend beside every other feature (only ADX off)
if [ "$(uname -m)" = x86_64 ]; then
	if JCA_CPU=-adx "$b/check_curve25519" > "$b/tier-check_curve25519.out" 2>&1; then
		echo "ok: JCA_CPU=-adx check_curve25519"
	else
		echo "FAIL: JCA_CPU=-adx check_curve25519"; cat "$b/tier-check_curve25519.out"; fail=1
	fi
fi
exit $fail
