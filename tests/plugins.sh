#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Plugins and configuration through the jca command:
#  - builtin + example + openssl in both orders: `jca list --load` exits 0
#  - jca kdf with the plugins' SCRYPT and Argon2id (vectors, errors, a
#    cross-check with Python: tests/kdf_cross.py)
#    with no failed provider; `jca dgst -a BLAKE2b-512` and, with the bridge
#    preferred, `jca dgst -a SHA-256` give the right digests (python3 hashlib,
#    sha256sum); the bridge's SecureRandom OpenSSL-CTR-DRBG is listed and
#    `jca rand -a OpenSSL-CTR-DRBG` uses it;
#    sha256sum); the plugins' Macs are listed and `jca mac -a
#    BLAKE2b-512-MAC` / `-a AESCMAC` give python3 hashlib's keyed BLAKE2b
#    and RFC 4493's CMAC;
#  - `jca list` escapes names that could drive the terminal;
#  - a set-user-ID program ignores JCA_CONF and never prints a file's text.
#   top_builddir=DIR sh tests/plugins.sh
set -u
top_builddir="${top_builddir:-.}"
case "$top_builddir" in /*) ;; *) top_builddir="$(pwd)/$top_builddir" ;; esac
jca="$top_builddir/jca"
plugdir="$top_builddir/plugins/.libs"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 0755 "$tmp"
fail=0
pass() { echo "ok: $1"; }
flunk() { echo "FAIL: $1"; fail=1; }
skip() { echo "SKIP: $1"; }

printf 'The quick brown fox jumps over the lazy dog\n' >"$tmp/data"
if [ -f "$plugdir/openssl.so" ] && [ -f "$plugdir/example.so" ]; then
	for order in "example openssl" "openssl example"; do
		set -- $order
		cat >"$tmp/jca.conf" <<EOF
security.provider.1 = builtin
security.provider.2 = $1
security.provider.3 = $2
jca.plugin.dir = $plugdir
EOF
		out=$(JCA_CONF="$tmp/jca.conf" "$jca" list --load 2>&1)
		st=$?
		if [ $st -eq 0 ] && ! printf '%s\n' "$out" | grep -q 'failed'; then
			pass "jca list --load, builtin $order: every provider loaded"
		else
			flunk "jca list --load, builtin $order (status $st)"
			printf '%s\n' "$out" | grep -i 'failed' | head -5
		fi
		if command -v python3 >/dev/null 2>&1; then
			want=$(python3 -c 'import hashlib,sys; print(hashlib.blake2b(open(sys.argv[1],"rb").read()).hexdigest())' "$tmp/data")
			got=$(JCA_CONF="$tmp/jca.conf" "$jca" dgst -a BLAKE2b-512 "$tmp/data" | cut -d' ' -f1)
			[ "$got" = "$want" ] && pass "jca dgst -a BLAKE2b-512, builtin $order" ||
				flunk "jca dgst -a BLAKE2b-512, builtin $order: $got"
		else
			skip "python3 not installed (BLAKE2b-512 reference)"
		fi
		printf 'jca.provider.preferred = MessageDigest.SHA-256:openssl\n' >>"$tmp/jca.conf"
		want=$(sha256sum "$tmp/data" | cut -d' ' -f1)
		got=$(JCA_CONF="$tmp/jca.conf" "$jca" dgst -a SHA-256 "$tmp/data" | cut -d' ' -f1)
		[ "$got" = "$want" ] && pass "jca dgst -a SHA-256 with the bridge preferred, builtin $order" ||
			flunk "jca dgst -a SHA-256 with the bridge preferred, builtin $order: $got"
		out=$(JCA_CONF="$tmp/jca.conf" "$jca" list --load --backends 2>&1)
		printf '%s\n' "$out" | grep -q 'backend sha256-openssl .* active' &&
			pass "the bridge's SHA-256 is listed active" || flunk "the bridge's SHA-256 is not listed active"
		# the bridge's SecureRandom: listed, and `jca rand -a` draws from it
		printf '%s\n' "$out" | grep -q 'OpenSSL-CTR-DRBG' &&
			pass "jca list shows SecureRandom OpenSSL-CTR-DRBG" || flunk "jca list lacks OpenSSL-CTR-DRBG"
		a=$(JCA_CONF="$tmp/jca.conf" "$jca" rand -a OpenSSL-CTR-DRBG -x 48)
		b=$(JCA_CONF="$tmp/jca.conf" "$jca" rand -a OpenSSL-CTR-DRBG -m CTR_DRBG,AES-128,no_df -x 48)
		if printf '%s\n%s\n' "$a" "$b" | grep -Eqx '[0-9a-f]{96}' && [ "$a" != "$b" ] &&
		   [ "$(printf '%s\n%s\n' "$a" "$b" | grep -Ecx '[0-9a-f]{96}')" -eq 2 ]; then
			pass "jca rand -a OpenSSL-CTR-DRBG (default and -m CTR_DRBG,AES-128,no_df)"
		else
			flunk "jca rand -a OpenSSL-CTR-DRBG: '$a' '$b'"
		fi
		JCA_CONF="$tmp/jca.conf" "$jca" rand -a OpenSSL-CTR-DRBG -m Hash_DRBG 8 >/dev/null 2>"$tmp/err"
		[ $? -eq 2 ] && grep -q 'CTR_DRBG only' "$tmp/err" &&
			pass "jca rand -a OpenSSL-CTR-DRBG -m Hash_DRBG is refused with the reason" ||
			flunk "jca rand -a OpenSSL-CTR-DRBG -m Hash_DRBG: $(cat "$tmp/err")"
		# the plugins' declared Macs: listed, and used by jca mac
		printf '%s\n' "$out" | grep -q '^     BLAKE2b-512-MAC$' && printf '%s\n' "$out" | grep -q '^     AESCMAC$' &&
			pass "jca list shows BLAKE2b-512-MAC and AESCMAC, builtin $order" ||
			flunk "jca list lacks BLAKE2b-512-MAC or AESCMAC, builtin $order"
		if command -v python3 >/dev/null 2>&1; then
			want=$(python3 -c 'import hashlib,sys; print(hashlib.blake2b(open(sys.argv[1],"rb").read(), key=bytes(range(1, 33))).hexdigest())' "$tmp/data")
			got=$(JCA_CONF="$tmp/jca.conf" "$jca" mac -a BLAKE2b-512-MAC -K 0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20 "$tmp/data" | cut -d' ' -f1)
			[ "$got" = "$want" ] && pass "jca mac -a BLAKE2b-512-MAC, builtin $order" ||
				flunk "jca mac -a BLAKE2b-512-MAC, builtin $order: $got"
		fi
		printf '\153\301\276\342\056\100\237\226\351\075\176\021\163\223\027\052' >"$tmp/rfc4493"
		got=$(JCA_CONF="$tmp/jca.conf" "$jca" mac -a AES-CMAC -K 2b7e151628aed2a6abf7158809cf4f3c "$tmp/rfc4493" | cut -d' ' -f1)
		[ "$got" = 070a16b46b4d4144f79bdd9dd04a287c ] && pass "jca mac -a AES-CMAC (RFC 4493 example 2), builtin $order" ||
			flunk "jca mac -a AES-CMAC, builtin $order: $got"
	done
else
	skip "plugins/.libs/openssl.so or example.so not built"
fi

# The plugins' KDFs from the command line: SCRYPT (OpenSSL bridge) and
# Argon2id (example plugin), their RFC vectors, errors, and a cross-check
# against Python's hashlib.scrypt and cryptography's Argon2id.
if [ -f "$plugdir/openssl.so" ] && [ -f "$plugdir/example.so" ]; then
	printf 'security.provider.1 = builtin\nsecurity.provider.2 = example\nsecurity.provider.3 = openssl\njca.plugin.dir = %s\n' \
		"$plugdir" >"$tmp/kdf.conf"
	k() { JCA_CONF="$tmp/kdf.conf" "$jca" kdf "$@"; }
	[ "$(k -a SCRYPT -p password -s 4e61436c --cost 1k --block-size 8 --parallelism 16 -l 64)" = \
	  fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640 ] &&
		pass "jca kdf -a SCRYPT: RFC 7914 (N=1024 r=8 p=16)" || flunk "jca kdf -a SCRYPT: RFC 7914"
	[ "$(k -a Argon2id -K 0101010101010101010101010101010101010101010101010101010101010101 \
	     -s 02020202020202020202020202020202 --pepper 0303030303030303 --info 040404040404040404040404 \
	     --iterations 3 --cost 32 --parallelism 4 -l 32)" = \
	  0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659 ] &&
		pass "jca kdf -a Argon2id: RFC 9106 5.3" || flunk "jca kdf -a Argon2id: RFC 9106 5.3"
	k -a SCRYPT -p x --cost 1000 --block-size 8 --parallelism 1 -l 8 >"$tmp/o" 2>"$tmp/e"
	[ $? -eq 2 ] && [ ! -s "$tmp/o" ] && grep -q 'SCRYPT: cost N = 1000: a power of 2' "$tmp/e" &&
		pass "jca kdf -a SCRYPT --cost 1000: exit 2, names N" || flunk "jca kdf SCRYPT --cost 1000: $(cat "$tmp/e")"
	k -a Argon2id -p x -s 0011 --iterations 1 --cost 8 --parallelism 1 -l 8 >"$tmp/o" 2>"$tmp/e"
	[ $? -eq 2 ] && [ ! -s "$tmp/o" ] && grep -q 'Argon2id: salt of fewer than 8 bytes' "$tmp/e" &&
		pass "jca kdf -a Argon2id with a 2-byte salt: exit 2, names the salt" ||
		flunk "jca kdf Argon2id short salt: $(cat "$tmp/e")"
	k -a SCRYPT -p x --cost 16 --block-size x -l 8 >"$tmp/o" 2>"$tmp/e"
	[ $? -eq 2 ] && grep -q -- '--block-size must be a count' "$tmp/e" &&
		pass "jca kdf --block-size x is refused" || flunk "jca kdf --block-size x: $(cat "$tmp/e")"
	out=$(JCA_CONF="$tmp/kdf.conf" "$jca" list --load 2>&1)
	printf '%s\n' "$out" | grep -q 'scrypt-openssl' && printf '%s\n' "$out" | grep -q 'argon2id-example' &&
		pass "jca list --load shows SCRYPT and Argon2id" || flunk "jca list lacks SCRYPT or Argon2id"
	srcdir="${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}"
	if command -v python3 >/dev/null 2>&1; then
		python3 "$srcdir/tests/kdf_cross.py" "$jca" "$tmp/kdf.conf"
		case $? in
		0) pass "SCRYPT and Argon2id agree with Python's implementations" ;;
		77) skip "no independent scrypt or Argon2id in Python" ;;
		*) flunk "SCRYPT or Argon2id differ from Python's implementations" ;;
		esac
	else
		skip "python3 not found: no cross-check of SCRYPT and Argon2id"
	fi
fi

# Terminal escapes in names: a provider path with ESC is shown as \x1b.
esc=$(printf '\033')
mkdir -p "$tmp/evil${esc}[31mdir"
cat >"$tmp/esc.conf" <<EOF
security.provider.1 = builtin
security.provider.2 = $tmp/evil${esc}[31mdir/p.so
EOF
out=$(JCA_CONF="$tmp/esc.conf" "$jca" list --load 2>&1)
if printf '%s' "$out" | grep -q "$esc"; then
	flunk "jca list prints a raw ESC byte"
elif printf '%s' "$out" | grep -q 'evil\\x1b\[31mdir'; then
	pass "jca list escapes ESC as \\x1b"
else
	flunk "jca list: escaped name not found"
	printf '%s\n' "$out" | head -5
fi

# A set-user-ID program: JCA_CONF is ignored (secure_getenv), and a file the
# caller cannot read is never echoed. Needs root (to make the program
# set-user-ID root and run it as nobody) and a static libjca.
if [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null 2>&1; then
	skip "set-user-ID check needs root and setpriv"
elif [ ! -f "$top_builddir/.libs/libjca.a" ]; then
	skip "set-user-ID check needs the static library (.libs/libjca.a)"
else
	cat >"$tmp/suid.c" <<'EOF'
#include <stdio.h>
#include <jca.h>
int main(void)
{
	md_ctx *md = md_get_instance("SHA-256");
	printf("%s|%s\n", md ? "found" : "none", md ? "" : jca_last_error_message());
	md_free(md);
	return 0;
}
EOF
	srcdir="${top_srcdir:-$top_builddir}"
	if ${CC:-cc} -std=c11 -I"$srcdir/include" "$tmp/suid.c" "$top_builddir/.libs/libjca.a" -lpthread -ldl \
		-o "$tmp/suid" 2>"$tmp/cc.log"; then
		printf 'top secret line\n' >"$tmp/secret.conf"
		chmod 0600 "$tmp/secret.conf"
		chmod 4755 "$tmp/suid"
		out=$(JCA_CONF="$tmp/secret.conf" setpriv --reuid=65534 --regid=65534 --clear-groups "$tmp/suid" 2>&1)
		case "$out" in
		*"top secret"*) flunk "set-user-ID program echoed the root-only file: $out" ;;
		found*) pass "set-user-ID program ignores JCA_CONF" ;;
		*) flunk "set-user-ID program: $out" ;;
		esac
		out=$(JCA_CONF="$tmp/secret.conf" "$tmp/suid" 2>&1)
		case "$out" in
		*"top secret"*) flunk "a configuration error echoes the file's text: $out" ;;
		none*"$tmp/secret.conf:1:"*) pass "a configuration error names file and line, not the text" ;;
		*) flunk "unexpected: $out" ;;
		esac
	else
		skip "cannot build the set-user-ID helper: $(head -1 "$tmp/cc.log")"
	fi
fi
exit $fail
