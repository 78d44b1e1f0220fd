#!/bin/sh
# The jca command through its real binary, compared with coreutils.
set -u
jca="${top_builddir:-.}/jca"
tmp=$(mktemp -d)
trap 'chmod -R u+rwx "$tmp"; rm -rf "$tmp"' EXIT
fail=0
check() { # description, command status
	if [ "$2" -ne 0 ]; then echo "FAIL: $1"; fail=1; else echo "ok: $1"; fi
}

: > "$tmp/empty"
printf 'a' > "$tmp/one"
head -c 3000000 /dev/urandom > "$tmp/big"
printf 'abc' > "$tmp/with space"
for f in empty one big "with space"; do
	for pair in sha256:SHA-256 sha1:SHA-1 sha512:SHA-512 sha224:sha224 sha384:SHA384 md5:MD5; do
		tool=${pair%%:*}sum
		alg=${pair#*:}
		command -v "$tool" >/dev/null || continue
		a=$(cd "$tmp" && "$jca" dgst -a "$alg" "$f")
		b=$(cd "$tmp" && "$tool" "$f")
		[ "$a" = "$b" ]; check "dgst -a $alg '$f' equals $tool" $?
	done
done
# stdin, '-' and several files in one call
a=$("$jca" dgst -a SHA-256 < "$tmp/big"); b=$(sha256sum < "$tmp/big")
[ "$a" = "$b" ]; check "dgst from stdin" $?
a=$("$jca" dgst -a SHA-256 - < "$tmp/one"); b=$(sha256sum - < "$tmp/one")
[ "$a" = "$b" ]; check "dgst of '-'" $?
a=$(cd "$tmp" && "$jca" dgst -a SHA-256 empty one big); b=$(cd "$tmp" && sha256sum empty one big)
[ "$a" = "$b" ]; check "dgst of several files" $?
(cd "$tmp" && "$jca" dgst -a SHA-256 big one | sha256sum -c --quiet); check "sha256sum -c accepts jca output" $?
# SHA-3 against openssl when present
if command -v openssl >/dev/null; then
	a=$("$jca" dgst -a SHA3-256 < "$tmp/big" | cut -d' ' -f1)
	b=$(openssl dgst -sha3-256 -r < "$tmp/big" | cut -d' ' -f1)
	[ "$a" = "$b" ]; check "dgst SHA3-256 equals openssl" $?
fi
# errors: unknown algorithm, missing file, directory, unreadable file
"$jca" dgst -a SHA-257 "$tmp/one" 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && grep -q 'SHA-257' "$tmp/err"; check "unknown algorithm exits 2 with a message" $?
"$jca" dgst -a SHA-256 "$tmp/missing" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && grep -q 'missing: No such file' "$tmp/err"; check "missing file exits 2 naming it" $?
"$jca" dgst -a SHA-256 "$tmp" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && grep -q 'Is a directory' "$tmp/err"; check "directory exits 2" $?
if [ "$(id -u)" -ne 0 ]; then
	chmod 000 "$tmp/one"
	"$jca" dgst -a SHA-256 "$tmp/one" >/dev/null 2>"$tmp/err"; rc=$?
	[ $rc -eq 2 ] && grep -q 'Permission denied' "$tmp/err"; check "unreadable file exits 2" $?
	chmod 644 "$tmp/one"
else
	echo "SKIP: unreadable-file case (running as root, permissions do not apply)"
fi
# a good file after a bad one is still printed
out=$("$jca" dgst -a SHA-256 "$tmp/missing" "$tmp/one" 2>/dev/null); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "$tmp/one"; check "later files still digested after an error" $?
"$jca" dgst >/dev/null 2>&1; [ $? -eq 2 ]; check "dgst without -a exits 2" $?
"$jca" list | grep -q 'SHA-256'; check "list shows SHA-256" $?
"$jca" list | grep -q '2.16.840.1.101.3.4.2.1'; check "list shows OIDs" $?
"$jca" nosuch >/dev/null 2>&1; [ $? -eq 2 ]; check "unknown command exits 2" $?
exit $fail
