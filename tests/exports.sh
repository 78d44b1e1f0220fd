#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Fails if the shared library exports anything but the public API: every
# defined dynamic symbol must be named md_*, cipher_*, mac_*, random_*, kdf_*, keyfactory_*, keypairgen_*, signature_*, keyagreement_*, keystore_*, kem_* or jca_* and be
# declared in an installed header.
set -eu
lib="${top_builddir:-.}/.libs/libjca.so"
inc="${top_srcdir:-.}/include"
if [ ! -f "$lib" ]; then
	echo "SKIP: $lib not built (static-only build)"
	exit 77
fi
syms=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBRVWiu]$/ {print $3}' | sed 's/@.*//' | sort -u)
bad=0
n=0
for s in $syms; do
	n=$((n + 1))
	case "$s" in
	md_* | cipher_* | mac_* | random_* | kdf_* | keyfactory_* | keypairgen_* | signature_* | keyagreement_* | keystore_* | kem_* | jca_*) ;;
	*) echo "exported but not public API: $s"; bad=1; continue ;;
	esac
	if ! grep -rqw "$s" "$inc"; then
		echo "exported but not declared in include/: $s"
		bad=1
	fi
done
# And the other way: every function declared JCA_API is exported.
for s in $(grep -rhoE 'JCA_API [^;]*[ *](md|cipher|mac|random|kdf|keyfactory|keypairgen|signature|keyagreement|keystore|kem|jca)_[a-z0-9_]+\(' "$inc" | sed -E 's/.*[ *]((md|cipher|mac|random|kdf|keyfactory|keypairgen|signature|keyagreement|keystore|kem|jca)_[a-z0-9_]+)\($/\1/' | sort -u); do
	if ! echo "$syms" | grep -qx "$s"; then
		echo "declared JCA_API but not exported: $s"
		bad=1
	fi
done
echo "checked $n exported symbols"
exit $bad
