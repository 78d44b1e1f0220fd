#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The jca command through its real binary on real files, compared with
# coreutils (sha*sum, md5sum) and openssl where they exist.
#   top_builddir=DIR sh tests/cli.sh      (the binary is DIR/jca)
# Prints "ok: ...", "FAIL: ..." or "SKIP: ... (reason)" per check; exits 1
# if any check failed.
set -u
jca="${top_builddir:-.}/jca"
case "$jca" in /*) ;; *) jca="$(pwd)/$jca" ;; esac
if [ ! -x "$jca" ]; then
	echo "FAIL: no jca binary at $jca (set top_builddir)"
	exit 1
fi
tmp=$(mktemp -d)
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
fail=0
pass() { echo "ok: $1"; }
failed=""
flunk() { echo "FAIL: $1"; fail=1; failed="$failed
  $1"; }
check() { # description, status of the test just run
	if [ "$2" -eq 0 ]; then pass "$1"; else flunk "$1"; fi
}
skip() { echo "SKIP: $1"; }
have() { command -v "$1" >/dev/null 2>&1; }
# same_output DESC FILE1 FILE2: equal files, else show the difference
same_output() {
	if cmp -s "$2" "$3"; then pass "$1"; else
		flunk "$1"; diff "$2" "$3" | head -20
	fi
}

# ---- inputs ----
cd "$tmp" || exit 1
: > empty
printf 'a' > one
head -c 3000000 /dev/urandom > big
printf 'abc' > "with space"
printf 'back' > 'back\slash'
nlname=$(printf 'new\nline')
printf 'nl' > "$nlname"
mkdir adir

# ---- dgst against coreutils ----
for pair in sha256:SHA-256 sha1:SHA-1 sha512:SHA-512 sha224:sha224 sha384:SHA384 md5:MD5; do
	tool=${pair%%:*}sum
	alg=${pair#*:}
	if ! have "$tool"; then skip "dgst -a $alg ($tool not installed)"; continue; fi
	"$jca" dgst -a "$alg" empty one big "with space" 'back\slash' "$nlname" > jca.out 2>&1
	"$tool" empty one big "with space" 'back\slash' "$nlname" > ref.out 2>&1
	same_output "dgst -a $alg (empty, 1 byte, 3 MB, space, backslash, newline) equals $tool" jca.out ref.out
	"$jca" dgst -a "$alg" --tag one "with space" 'back\slash' "$nlname" > jca.out 2>&1
	"$tool" --tag one "with space" 'back\slash' "$nlname" > ref.out 2>&1
	same_output "dgst -a $alg --tag equals $tool --tag" jca.out ref.out
done
"$jca" dgst -a SHA-256 < big > jca.out; sha256sum < big > ref.out
same_output "dgst from stdin" jca.out ref.out
"$jca" dgst -a SHA-256 - < one > jca.out; sha256sum - < one > ref.out
same_output "dgst of '-'" jca.out ref.out
"$jca" dgst -a 2.16.840.1.101.3.4.2.1 one > jca.out; sha256sum one > ref.out
same_output "dgst by OID" jca.out ref.out
"$jca" dgst -a SHA-256 big one "with space" 'back\slash' "$nlname" | sha256sum -c --quiet
check "sha256sum -c accepts jca dgst output, escaped names included" $?
"$jca" dgst -a SHA-256 --tag big one 'back\slash' "$nlname" | sha256sum -c --quiet
check "sha256sum -c accepts jca dgst --tag output" $?

# ---- dgst against openssl ----
if have openssl; then
	for a in sha3-224 sha3-256 sha3-384 sha3-512 sha512-224 sha512-256; do
		case $a in sha512-*) j=SHA-512/${a#sha512-} ;; *) j=$(echo "$a" | tr "[:lower:]" "[:upper:]") ;; esac
		for f in empty one big; do
			x=$("$jca" dgst -a "$j" "$f" | cut -d' ' -f1)
			y=$(openssl dgst -"$a" -r "$f" 2>/dev/null | cut -d' ' -f1)
			if [ -z "$y" ]; then skip "dgst $j (openssl lacks -$a)"; break; fi
			[ "$x" = "$y" ]; check "dgst $j '$f' equals openssl dgst -$a" $?
		done
	done
	x=$("$jca" dgst -a SHA3-256 --tag one)
	[ "$x" = "SHA3-256 (one) = $(openssl dgst -sha3-256 -r one | cut -d' ' -f1)" ]
	check "dgst --tag names SHA3-256 as openssl does" $?
	y=$(openssl dgst -shake128 -xoflen 20 -r big 2>/dev/null | cut -d' ' -f1)
	if [ -n "$y" ]; then
		x=$("$jca" dgst -a SHAKE128 --length 20 big | cut -d' ' -f1)
		[ "$x" = "$y" ]; check "dgst SHAKE128 --length 20 equals openssl -xoflen 20" $?
	else
		skip "SHAKE --length against openssl (openssl dgst has no -xoflen before 3.2)"
	fi
	y=$(openssl dgst -shake256 -r big 2>/dev/null | cut -d' ' -f1)
	x=$("$jca" dgst -a SHAKE256 --length 32 big | cut -d' ' -f1)
	if [ -n "$y" ]; then [ "$x" = "$y" ]; check "dgst SHAKE256 --length 32 equals openssl -shake256" $?
	else skip "SHAKE256 against openssl (no -shake256)"; fi
else
	skip "openssl comparisons for dgst (openssl not installed)"
fi
x=$("$jca" dgst -a SHAKE256 one | cut -d' ' -f1); [ ${#x} -eq 128 ]
check "SHAKE256 default length is 64 bytes" $?
x=$("$jca" dgst -a SHAKE128 --length 5 one | cut -d' ' -f1); [ ${#x} -eq 10 ]
check "SHAKE128 --length 5 gives 5 bytes" $?
"$jca" dgst -a SHAKE128 --length 7 one big > sums.shake && "$jca" dgst -a SHAKE128 -c --quiet sums.shake
check "dgst -c takes the SHAKE length from the sums line" $?
"$jca" dgst -a SHA-256 --length 8 one >/dev/null 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'length' err; check "--length on a fixed-length digest exits 2" $?

# ---- dgst errors ----
"$jca" dgst -a SHA-257 one 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'SHA-257' err; check "unknown algorithm exits 2 with a message" $?
"$jca" dgst -a SHA-265 one 2>err; rc=$?
[ $rc -eq 2 ] && grep -qF 'jca dgst: no provider offers MessageDigest "SHA-265"' err &&
	grep -qF 'did you mean "SHA-256"?' err
check "a misspelt algorithm exits 2 and the message suggests the nearest name" $?
# a file that cannot be opened or read: exit 1, as sha256sum
"$jca" dgst -a SHA-256 missing >/dev/null 2>err; rc=$?
[ $rc -eq 1 ] && grep -q '^jca: missing: No such file or directory$' err
check "missing file exits 1: 'jca: missing: No such file or directory'" $?
"$jca" dgst -a SHA-256 adir >/dev/null 2>err; rc=$?
[ $rc -eq 1 ] && grep -q '^jca: adir: Is a directory$' err; check "directory exits 1: 'jca: adir: Is a directory'" $?
if [ "$(id -u)" -ne 0 ]; then
	printf 'x' > unreadable; chmod 000 unreadable
	"$jca" dgst -a SHA-256 unreadable >/dev/null 2>err; rc=$?
	sha256sum unreadable >/dev/null 2>&1; rrc=$?
	[ $rc -eq 1 ] && [ $rrc -eq 1 ] && grep -q 'unreadable: Permission denied' err
	check "unreadable file exits 1, as sha256sum" $?
	chmod 644 unreadable
else
	skip "permission-denied case (running as root, permissions do not apply; the read error below stands in)"
fi
if [ -r /proc/self/mem ]; then
	"$jca" dgst -a SHA-256 /proc/self/mem >/dev/null 2>err; rc=$?
	sha256sum /proc/self/mem >/dev/null 2>&1; rrc=$?
	[ $rc -eq 1 ] && [ $rrc -eq 1 ] && grep -q '/proc/self/mem: Input/output error' err
	check "read error (/proc/self/mem) exits 1 with the reason, as sha256sum" $?
else
	skip "read error (no /proc/self/mem)"
fi
out=$("$jca" dgst -a SHA-256 missing one 2>/dev/null); rc=$?
[ $rc -eq 1 ] && [ "$out" = "$(sha256sum one)" ]; check "later files still digested after an error" $?
"$jca" dgst one >/dev/null 2>&1; [ $? -eq 2 ]; check "dgst without -a exits 2" $?
"$jca" dgst -a SHA-256 --bogus one >/dev/null 2>&1; [ $? -eq 2 ]; check "unknown option exits 2" $?
"$jca" dgst -a SHA-256 --quiet one >/dev/null 2>&1; [ $? -eq 2 ]; check "--quiet without -c exits 2" $?
"$jca" dgst -a SHA-256 -c --tag one >/dev/null 2>&1; [ $? -eq 2 ]; check "--tag with -c exits 2" $?

# ---- dgst -c against sha256sum -c ----
printf 'x' > good; printf 'y' > bad
sha256sum good bad one > sums.good
sha256sum --tag good bad one > sums.bsd
sed 's/^[0-9a-f]/0/' sums.good > sums.bad          # every line wrong
{ sha256sum good; echo "this is not a checksum line"; echo;
  echo "# a comment"; sha256sum bad | sed 's/^a/b/;s/^[0-9]/a/'
  printf '%s\r\n' "$(sha256sum one)"
  echo "0000000000000000000000000000000000000000000000000000000000000000  gone"
  sha256sum --tag one; echo "SHA256 (good) = 12"; echo "$(sha256sum good | cut -c1-64) *good"
  sha256sum 'back\slash' "$nlname"; sha256sum adir 2>/dev/null
  echo "0000000000000000000000000000000000000000000000000000000000000000  adir"; } > sums.mixed
printf 'junk\n\n' > sums.junk
sha256sum one | sed 's/  / /' > sums.single     # "HEX NAME" (openssl -r style)
{ sha256sum one | sed 's/  / /'; sha256sum good; } > sums.mixsep
for sums in sums.good sums.bsd sums.bad sums.mixed sums.junk sums.single sums.mixsep; do
	for opt in "" --quiet --status -w --strict --ignore-missing "--status -w" "-w --quiet"; do
		# shellcheck disable=SC2086
		"$jca" dgst -a SHA-256 -c $opt "$sums" > jca.out 2> jca.err; jrc=$?
		# shellcheck disable=SC2086
		sha256sum -c $opt "$sums" > ref.out 2> ref.err; rrc=$?
		sed 's/^sha256sum: /jca: /' ref.err > ref.err2
		if cmp -s jca.out ref.out && cmp -s jca.err ref.err2 && [ $jrc -eq $rrc ]; then
			pass "dgst -c $opt $sums: same output, messages and exit code ($jrc) as sha256sum -c"
		else
			flunk "dgst -c $opt $sums (jca $jrc, sha256sum $rrc)"
			diff jca.out ref.out | head -10; diff jca.err ref.err2 | head -10
		fi
	done
done
sha256sum good one | "$jca" dgst -a SHA-256 -c > jca.out 2>&1; rc=$?
[ $rc -eq 0 ] && [ "$(cat jca.out)" = "$(printf 'good: OK\none: OK')" ]; check "dgst -c from stdin" $?
"$jca" dgst -a SHA-256 -c nosuchsums >/dev/null 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'nosuchsums: No such file or directory' err; check "dgst -c on a missing sums file exits 2" $?
"$jca" dgst -a MD5 one | "$jca" dgst -a SHA-256 -c >/dev/null 2>&1; [ $? -eq 1 ]
check "dgst -c with sums of another length: no properly formatted line, exit 1" $?

# ---- mac ----
key=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
printf '%s' "$key" | xxd -r -p > key.bin 2>/dev/null || python3 -c "import sys; sys.stdout.buffer.write(bytes.fromhex('$key'))" > key.bin 2>/dev/null
if have openssl; then
	for pair in HmacSHA256:sha256 HmacSHA1:sha1 HmacSHA512:sha512 HmacSHA3-256:sha3-256 HmacMD5:md5; do
		alg=${pair%%:*}; d=${pair#*:}
		for f in empty one big; do
			x=$("$jca" mac -a "$alg" -K "$key" "$f" | cut -d' ' -f1)
			y=$(openssl dgst -"$d" -mac HMAC -macopt hexkey:"$key" -r "$f" 2>/dev/null | cut -d' ' -f1)
			if [ -z "$y" ]; then skip "mac $alg (openssl cannot)"; break; fi
			[ "$x" = "$y" ]; check "mac -a $alg '$f' equals openssl HMAC" $?
		done
	done
	y=$(openssl dgst -sha256 -hmac "secret" -r one | cut -d' ' -f1)
	x=$("$jca" mac -a HmacSHA256 -K 736563726574 one | cut -d' ' -f1)
	[ "$x" = "$y" ]; check "mac equals openssl dgst -hmac" $?
else
	skip "mac against openssl (openssl not installed)"
fi
if [ -s key.bin ]; then
	x=$("$jca" mac -a HmacSHA256 --key-file key.bin one); y=$("$jca" mac -a HmacSHA256 -K "$key" one)
	[ "$x" = "$y" ]; check "mac --key-file equals -K" $?
else
	skip "mac --key-file (neither xxd nor python3 to write a binary key)"
fi
"$jca" mac -a HmacSHA256 -K "$key" one big > macs && "$jca" mac -a HmacSHA256 -K "$key" -c --quiet macs
check "mac -c verifies its own output" $?
"$jca" mac -a HmacSHA256 -K 00 -c --status macs; [ $? -eq 1 ]; check "mac -c with another key exits 1" $?
x=$("$jca" mac -a HmacSHA256 -K "$key" --tag one); case $x in "HmacSHA256 (one) = "*) true ;; *) false ;; esac
check "mac --tag format" $?
"$jca" mac -a HmacSHA256 one >/dev/null 2>&1; [ $? -eq 2 ]; check "mac without key exits 2" $?
"$jca" mac -K "$key" one >/dev/null 2>err; [ $? -eq 2 ] && grep -q 'no algorithm given (-a ALG)' err
check "mac without -a exits 2: -a is required (no default Mac), as README and jca(1) say" $?
"$jca" mac -a HmacSHA256 -K 0g one >/dev/null 2>&1; [ $? -eq 2 ]; check "mac with bad hex key exits 2" $?
"$jca" mac -a HmacSHA256 --key-file missing one >/dev/null 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'missing: No such file' err; check "mac with a missing key file exits 2" $?

# ---- enc / dec ----
k=2b7e151628aed2a6abf7158809cf4f3c
iv=000102030405060708090a0b0c0d0e0f
t=AES/CBC/PKCS5Padding
for n in 0 1 15 16 17 1048579; do head -c $n /dev/urandom > "p$n"; done
for n in 0 1 15 16 17 1048579; do
	"$jca" enc -t $t -K $k -in "p$n" -out "c$n" && "$jca" dec -t $t -K $k -in "c$n" -out "d$n" && cmp -s "p$n" "d$n"
	check "enc/dec round trip, random IV, files, $n bytes" $?
	s=$(wc -c < "c$n"); [ "$s" -eq $(( 16 + (n / 16 + 1) * 16 )) ]
	check "random-IV ciphertext of $n bytes is IV + padded data ($s bytes)" $?
	"$jca" enc -t $t -K $k --iv $iv < "p$n" | "$jca" dec -t $t -K $k --iv $iv > "d$n" && cmp -s "p$n" "d$n"
	check "enc/dec round trip, --iv, stdin/stdout, $n bytes" $?
	if have openssl; then
		openssl enc -aes-128-cbc -K $k -iv $iv -in "p$n" -out "o$n"
		"$jca" enc -t $t -K $k --iv $iv -in "p$n" -out "e$n"; cmp -s "o$n" "e$n"
		check "enc --iv equals openssl enc -aes-128-cbc, $n bytes" $?
		"$jca" dec -t $t -K $k --iv $iv -in "o$n" -out "d$n" && cmp -s "p$n" "d$n"
		check "dec of openssl's output, $n bytes" $?
		# random-IV format: the first block is the IV
		head -c 16 "c$n" | od -An -tx1 | tr -d ' \n' > ivhex
		tail -c +17 "c$n" | openssl enc -d -aes-128-cbc -K $k -iv "$(cat ivhex)" > "d$n" 2>/dev/null && cmp -s "p$n" "d$n"
		check "openssl decrypts jca's random-IV output (IV || ciphertext), $n bytes" $?
	fi
done
have openssl || skip "enc/dec against openssl (openssl not installed)"
"$jca" enc -t $t -K $k -in p17 -out x1; "$jca" enc -t $t -K $k -in p17 -out x2
! cmp -s x1 x2; check "two random-IV encryptions differ" $?
"$jca" enc -t AES_256/CBC/NoPadding -K "$k$k" -in p16 -out c && "$jca" dec -t AES_256/CBC/NoPadding -K "$k$k" -in c | cmp -s - p16
check "AES_256/CBC/NoPadding round trip" $?
"$jca" enc -t AES/ECB/PKCS5Padding -K $k < p1048579 > ecb && [ "$(wc -c < ecb)" -eq 1048592 ] &&
	"$jca" dec -t AES/ECB/PKCS5Padding -K $k < ecb | cmp -s - p1048579
check "ECB round trip, no IV prefix" $?
if have openssl; then
	openssl enc -aes-128-ecb -K $k -in p17 | cmp -s - "$("$jca" enc -t AES/ECB/PKCS5Padding -K $k -in p17 -out ecb17; echo ecb17)"
	check "ECB equals openssl enc -aes-128-ecb" $?
fi
"$jca" enc -t AES/ECB/PKCS5Padding -K $k --iv $iv < p1 >/dev/null 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'IV' err; check "ECB with --iv exits 2" $?
"$jca" enc -t $t -K 0011 < p1 >/dev/null 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'key length' err; check "key of the wrong length exits 2" $?
"$jca" enc -t AES_256/CBC/PKCS5Padding -K $k < p1 >/dev/null 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'key length' err; check "AES_256 with a 128-bit key exits 2" $?
"$jca" enc -t $t -K $k --iv 0011 < p1 >/dev/null 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'IV' err; check "IV of the wrong length exits 2" $?
"$jca" enc -t AES/CBC/NoPadding -K $k < p17 >/dev/null 2>err; [ $? -eq 2 ]
check "NoPadding input not a whole number of blocks exits 2" $?
"$jca" enc -t AES/XTS/NoPadding -K $k < p1 >/dev/null 2>&1; [ $? -eq 2 ]; check "unknown transformation exits 2" $?
"$jca" enc -t $t -K $k -in missing -out never 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'missing: No such file' err && [ ! -e never ]; check "enc of a missing file exits 2, no output" $?
# failures leave no output file (nor a temporary one). A wrong key or a
# cut at a block boundary fails the padding check with probability about
# 255/256 only: these cases decrypt fixed plaintexts under a fixed IV, so
# the outcome is the same on every run (random inputs made this check fail
# about once in 60 runs).
mkdir out; wrong=ffeeddccbbaa99887766554433221100
ivbin='\000\001\002\003\004\005\006\007\010\011\012\013\014\015\016\017' # $iv
yes 'libjca fixed plaintext' | head -c 1048579 > q1048579; head -c 17 q1048579 > q17
{ printf "$ivbin"; "$jca" enc -t $t -K $k --iv $iv -in q1048579; } > f1048579
{ printf "$ivbin"; "$jca" enc -t $t -K $k --iv $iv -in q17; } > f17
"$jca" dec -t $t -K $k -in f1048579 | cmp -s - q1048579 && "$jca" dec -t $t -K $k -in f17 | cmp -s - q17
check "fixed-IV files in the random-IV layout (IV || ciphertext) decrypt" $?
"$jca" dec -t $t -K $wrong -in f1048579 -out out/d 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'bad decrypt: wrong key or corrupted input' err && [ -z "$(ls -A out)" ]
check "dec with a wrong key exits 2, 'bad decrypt', no output file" $?
head -c 1000 c1048579 > trunc
"$jca" dec -t $t -K $k -in trunc -out out/d 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'bad decrypt' err && [ -z "$(ls -A out)" ]; check "dec of truncated input exits 2, no output file" $?
head -c 1024 f1048579 > trunc2
"$jca" dec -t $t -K $k -in trunc2 -out out/d 2>err; rc=$?
[ $rc -eq 2 ] && [ -z "$(ls -A out)" ]; check "dec of input cut at a block boundary exits 2, no output file" $?
head -c 7 c0 > short
"$jca" dec -t $t -K $k -in short -out out/d 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'IV' err && [ -z "$(ls -A out)" ]; check "dec of input shorter than the IV exits 2" $?
printf 'old' > out/keep
"$jca" dec -t $t -K $wrong -in f17 -out out/keep 2>/dev/null; rc=$?
[ $rc -eq 2 ] && [ "$(cat out/keep)" = old ] && [ "$(ls -A out)" = keep ]
check "failed dec leaves an existing output file untouched" $?
"$jca" dec -t $t -K $wrong < f17 > /dev/null 2>&1; [ $? -eq 2 ]; check "dec to stdout with a wrong key exits 2" $?
"$jca" enc -t $t -K $k -in p17 -out adir 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'adir: Is a directory' err; check "enc to a directory exits 2" $?
"$jca" enc -t $t -K $k --in p17 --out c17b && "$jca" dec -t $t -K $k -i c17b -o d17b && cmp -s p17 d17b
check "--in/--out and -i/-o spellings" $?
printf '%s' "$k" | xxd -r -p > k.bin 2>/dev/null || python3 -c "import sys; sys.stdout.buffer.write(bytes.fromhex('$k'))" > k.bin 2>/dev/null
if [ -s k.bin ]; then
	"$jca" enc -t $t --key-file k.bin --iv $iv -in p17 | cmp -s - "$("$jca" enc -t $t -K $k --iv $iv -in p17 -out e17; echo e17)"
	check "enc --key-file equals -K" $?
fi

# ---- control bytes from input are never echoed raw ----
e=$(printf '\033')
noesc() { # DESC FILE...: none of the files holds an ESC byte; each names \x1b
	desc=$1; shift
	for f in "$@"; do
		if grep -q "$e" "$f" || ! grep -q '\\x1b' "$f"; then flunk "$desc (raw ESC, or no \\x1b, in $f)"; od -c "$f" | head -5; return; fi
	done
	pass "$desc"
}
"$jca" dgst -a "${e}[31mX" one >/dev/null 2>err; noesc "dgst -a with an ESC: the message escapes it" err
"$jca" enc -t "${e}[31mX" -K $k -in p1 >/dev/null 2>err; noesc "enc -t with an ESC: the message escapes it" err
"$jca" kdf -a "${e}[31mX" -K 00 -l 4 >/dev/null 2>err; noesc "kdf -a with an ESC: the message escapes it" err
"$jca" dgst -a SHA-256 "--${e}[2J" one >/dev/null 2>err; noesc "an unknown option with an ESC is escaped" err
"$jca" "${e}[2J" >/dev/null 2>err; noesc "an unknown command with an ESC is escaped" err
"$jca" enc -t $t -K $k "${e}[2J" >/dev/null 2>err; noesc "enc: an unexpected operand with an ESC is escaped" err
# (kdf does not repeat its operands at all: one may be a password)
"$jca" kdf -a HKDF-SHA256 -K 00 -l 4 "${e}[2J" >/dev/null 2>err
! grep -q "$e" err && ! grep -q '\[2J' err; check "kdf: an unexpected operand with an ESC is not shown" $?
"$jca" kdf -a HKDF-SHA256 -K 00 -l 4 -m "${e}[2J" >/dev/null 2>err; noesc "kdf -m with an ESC is escaped" err
"$jca" list "${e}[2J" >/dev/null 2>err; noesc "list: an unexpected operand with an ESC is escaped" err
"$jca" speed --seconds 0.1 "${e}[2J" >/dev/null 2>err; noesc "speed: an unknown algorithm with an ESC is escaped" err
"$jca" mac -a HmacSHA256 -K "0${e}" one >/dev/null 2>err; noesc "-K with an ESC: 'not hexadecimal' escapes it" err
"$jca" dgst -a SHA-256 "no${e}[2Jfile" >/dev/null 2>err; noesc "a missing file whose name holds an ESC is escaped" err
# sums files are not to be trusted: tags and names in -c output and messages
printf 'SHA%s[2J (one) = %s\n' "$e" "$(sha256sum one | cut -c1-64)" > sums.esc
"$jca" dgst -c sums.esc >/dev/null 2>err; noesc "dgst -c: an unknown tag with an ESC is escaped" err
printf '%s  gone%s[2J\n' "$(sha256sum one | cut -c1-64)" "$e" > sums.esc2
"$jca" dgst -a SHA-256 -c sums.esc2 >out.esc 2>err; noesc "dgst -c: a listed name with an ESC is escaped in the result and the message" out.esc err
grep -qx '\\gone\\x1b\[2J: FAILED open or read' out.esc; check "dgst -c: such a result line is escaped as coreutils escapes a newline ('\\' first)" $?

# ---- list ----
"$jca" list > list.out; rc=$?
[ $rc -eq 0 ] && grep -q 'SHA-256' list.out && grep -q '2.16.840.1.101.3.4.2.1' list.out && grep -q 'state: loaded' list.out
check "list shows algorithms, OIDs and load state" $?
grep -q 'names:.*PBKDF2WithHmacSHA256' list.out && grep -q 'names:.*HKDF-SHA256' list.out
check "list shows the names the KDF templates serve" $?
"$jca" list --backends | grep -q 'priority.*active'; check "list --backends marks the active implementation" $?
"$jca" list --verbose | grep -q 'attribute'; check "list --verbose shows attributes" $?
# -l is a length (dgst, kdf); list has --load alone
"$jca" list -l >list.out 2>list.err; [ $? -eq 2 ] && grep -q -- "unknown option '-l'" list.err
check "list -l is refused as an unknown option (--load has no short form)" $?
if have python3; then
	"$jca" list --json | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["providers"][0]["services"]'
	check "list --json is valid JSON" $?
	"$jca" list --json | python3 -c 'import json,sys
d = json.load(sys.stdin)
names = [n for p in d["providers"] for s in p["services"] for n in s["names"]]
assert "PBKDF2WithHmacSHA256" in names and "HKDF-SHA512" in names, names'
	check "list --json lists the names KDF templates serve (PBKDF2WithHmacSHA256, HKDF-SHA512)" $?
else
	skip "list --json parse (python3 not installed)"
fi
# configured plugins: listing must not load them; odd paths stay valid JSON
plug="${top_builddir:-.}/tests/plugins/.libs/good.so"
weird="$tmp/we\"ird\\dir/p.so"
if [ -f "$plug" ]; then
	printf 'security.provider.1 = builtin\nsecurity.provider.2 = %s\n' "$plug" > conf1
	JCA_CONF=$tmp/conf1 "$jca" list > list.out 2>&1
	grep -q 'not yet loaded' list.out; check "list does not load a configured plugin" $?
else
	skip "plugin listing (no test plugin at $plug)"
fi
printf 'security.provider.1 = builtin\nsecurity.provider.2 = %s\n' "$weird" > conf2
JCA_CONF=$tmp/conf2 "$jca" list > list.out 2>&1
grep -q 'not yet loaded' list.out; check "list shows an unloaded plugin by path" $?
if have python3; then
	JCA_CONF=$tmp/conf2 "$jca" list --json | python3 -c '
import json,sys
d=json.load(sys.stdin)
p=d["providers"][1]
assert p["state"]=="not loaded", p
assert p["source"].endswith("we\"ird\\dir/p.so"), p["source"]'
	check "list --json escapes quotes and backslashes" $?
fi
JCA_CONF=$tmp/conf2 "$jca" dgst -a NoSuchDigest one > /dev/null 2>&1; [ $? -eq 2 ]
check "a lookup that reaches a broken plugin fails cleanly (exit 2)" $?
"$jca" list extra >/dev/null 2>&1; [ $? -eq 2 ]; check "list with an operand exits 2" $?

# ---- progress bar ----
if truncate -s 64M huge 2>/dev/null || dd if=/dev/zero of=huge bs=1048576 count=64 2>/dev/null; then
	"$jca" dgst -a SHA-256 huge > huge.sum 2> err
	[ ! -s err ] && sha256sum -c --status huge.sum; check "no progress bar when stderr is not a terminal (64 MiB)" $?
	if have script && script -qec true /dev/null >/dev/null 2>&1; then
		script -qec "'$jca' dgst -a SHA-256 huge" /dev/null > tty.out 2>&1
		grep -q '%' tty.out; check "progress bar on a terminal for a 64 MiB input" $?
		ln huge "prog${e}[2Jbar"
		script -qec "'$jca' dgst -a SHA-256 prog*bar >/dev/null" /dev/null > tty.out 2>&1
		grep -q '%' tty.out && ! grep -q "$e\[2J" tty.out && grep -q 'prog\\x1b\[2Jbar' tty.out
		check "the progress bar shows an ESC in the file name escaped" $?
		rm -f "prog${e}[2Jbar"
	else
		skip "progress bar on a terminal (no usable 'script' command)"
	fi
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f %M "$jca" dgst -a SHA-256 huge 2> mem >/dev/null
		kb=$(tail -1 mem); [ "$kb" -lt 30000 ]; check "dgst of 64 MiB in constant memory (max RSS ${kb} KiB)" $?
	else
		skip "memory use (no /usr/bin/time)"
	fi
	rm -f huge
else
	skip "progress bar (cannot create a 64 MiB file)"
fi

# ---- speed ----
"$jca" speed --seconds 0.1 > speed.out 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q '16384 bytes' speed.out && grep -q 'SHA-256' speed.out &&
	grep -q 'AES_128/CBC/NoPadding decrypt' speed.out && grep -q 'md_get_instance' speed.out
check "speed --seconds 0.1 prints the throughput and get-instance tables" $?
"$jca" speed --seconds 0.1 --threads 2 --bytes 1024 SHA-256 HmacSHA256 AES/CBC/NoPadding > speed.out 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q '1024 bytes' speed.out && grep -q 'AES/CBC/NoPadding encrypt' speed.out
check "speed with algorithms, --bytes and --threads" $?
"$jca" speed --seconds 0.1 NoSuchThing >/dev/null 2>&1; [ $? -eq 2 ]; check "speed of an unknown algorithm exits 2" $?
"$jca" speed --seconds -1 >/dev/null 2>&1; [ $? -eq 2 ]; check "speed with bad --seconds exits 2" $?

# ---- rand, kdf ----
[ "$("$jca" rand 100 | wc -c)" -eq 100 ]; check "rand 100 writes 100 raw bytes" $?
"$jca" rand --hex 32 | grep -Eqx '[0-9a-f]{64}'; check "rand --hex 32 writes 64 hex digits" $?
a=$("$jca" rand -x 16); b=$("$jca" rand -x 16); [ "$a" != "$b" ]; check "two rand runs differ" $?
"$jca" rand -m HMAC_DRBG,SHA-512 -x 1k | grep -Eqx '[0-9a-f]{2048}'; check "rand with a DRBG mechanism" $?
"$jca" rand -a NativePRNG -o rand.bin 4k && [ "$(wc -c < rand.bin)" -eq 4096 ]; check "rand -a NativePRNG -o FILE" $?
"$jca" rand -m nosuch 8 >/dev/null 2>&1; [ $? -eq 2 ]; check "rand with a bad mechanism exits 2" $?
"$jca" rand >/dev/null 2>&1; [ $? -eq 2 ]; check "rand without a count exits 2" $?
# the iteration count: --iterations N, -iter N (as openssl enc); never -i, never -c (--check elsewhere)
# (the input file of enc and dec)
for it in "--iterations 4096" "-iter 4096"; do
	# shellcheck disable=SC2086 # $it is an option and its value
	[ "$("$jca" kdf -a PBKDF2WithHmacSHA1 -p password -s 73616c74 $it -l 20)" = 4b007901b765489abead49d926f721d065a429c1 ]
	check "kdf PBKDF2WithHmacSHA1 $it gives RFC 6070 case 3" $?
done
"$jca" kdf -a PBKDF2WithHmacSHA1 -p password -s 73616c74 -i 4096 -l 20 >kdf.out 2>kdf.err
[ $? -eq 2 ] && [ ! -s kdf.out ] && grep -q -- "unknown option '-i'" kdf.err && grep -q -- '--iterations N' kdf.err
check "kdf -i 4096 is refused (exit 2), the message names --iterations N" $?
[ "$("$jca" kdf -a HKDF-SHA256 -K 0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b -s 000102030405060708090a0b0c --info f0f1f2f3f4f5f6f7f8f9 -l 42)" = 3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865 ]
check "kdf HKDF-SHA256 gives RFC 5869 case 1" $?
[ "$("$jca" kdf -a HKDF-SHA256 -m extract -K 0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b -s 000102030405060708090a0b0c -l 32)" = 077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5 ]
check "kdf HKDF-SHA256 -m extract gives the RFC 5869 PRK" $?
"$jca" kdf -a PBKDF2WithHmacSHA256 -p x -s 00 --iterations 0 -l 4 2> kdf.err; [ $? -eq 2 ] && grep -q 'iteration count' kdf.err
check "kdf with 0 iterations exits 2 and says why" $?
x=$("$jca" kdf -a PBKDF2WithHmacSHA256 -p x -s 00 --iterations 2k -l 8); y=$("$jca" kdf -a PBKDF2WithHmacSHA256 -p x -s 00 -iter 2000 -l 8)
z=$("$jca" kdf -a PBKDF2WithHmacSHA256 -p x -s 00 --iterations 2048 -l 8)
[ -n "$x" ] && [ "$x" = "$y" ] && [ "$x" != "$z" ]; check "kdf --iterations 2k means 2000 iterations (decimal), not 2048" $?
"$jca" kdf -a PBKDF2WithHmacSHA256 -p x -s 00 --iterations 1m -l 4 2> kdf.err; [ $? -eq 2 ] && grep -q -- '--iterations must be' kdf.err
check "kdf --iterations 1m (milli?) is refused" $?
"$jca" kdf -a HKDF-SHA256 -K 00 -s zz -l 4 2> kdf.err; [ $? -eq 2 ] && grep -q "salt is not hexadecimal ('z' at position 1)" kdf.err
check "kdf -s zz: 'the salt is not hexadecimal'" $?
"$jca" kdf -a HKDF-SHA256 -K 00 --info abc -l 4 2> kdf.err; [ $? -eq 2 ] && grep -q 'odd number of hex digits (3)' kdf.err
check "kdf --info abc: an odd number of hex digits" $?
"$jca" enc -t AES/GCM/NoPadding -K $k --iv 0g -in p1 2> err >/dev/null; [ $? -eq 2 ] && grep -q "IV is not hexadecimal ('g' at position 2)" err
check "enc --iv 0g: 'the IV is not hexadecimal'" $?
"$jca" kdf -a PBKDF2WithHmacSHA256 -p x -s 00 -l 4 2> kdf.err; [ $? -eq 2 ] && grep -q 'needs an iteration count: --iterations N' kdf.err
check "kdf PBKDF2 without --iterations: it is required (not 'iteration count 0 out of range')" $?
printf 'security.provider.1 = builtin\njca.disabled.algorithms = KDF.PBKDF2, SecureRandom.NativePRNG, SHA-1\n' > policy.conf
JCA_CONF=policy.conf "$jca" kdf -a PBKDF2WithHmacSHA256 -p a -s 00 --iterations 1 -l 4 2> kdf.err; [ $? -eq 2 ] && grep -q 'disabled' kdf.err
check "policy: KDF.PBKDF2 disabled" $?
JCA_CONF=policy.conf "$jca" kdf -a HKDF-SHA256 -K 00 -l 4 >/dev/null; check "policy: HKDF still offered" $?
JCA_CONF=policy.conf "$jca" rand -a NativePRNG 4 >/dev/null 2>&1; [ $? -eq 2 ]; check "policy: SecureRandom.NativePRNG disabled" $?
JCA_CONF=policy.conf "$jca" rand -m Hash_DRBG,SHA-1 4 >/dev/null 2>&1; [ $? -eq 2 ]; check "policy: disabled SHA-1 disables Hash_DRBG over SHA-1" $?
JCA_CONF=policy.conf "$jca" rand -m Hash_DRBG,SHA-256 -x 4 >/dev/null; check "policy: Hash_DRBG over SHA-256 still works" $?
# ---- habits of coreutils and openssl ----
# dgst -c without -a: each BSD line's algorithm from its tag, as cksum -c
example="${top_builddir:-.}/plugins/.libs/example.so"
{ sha512sum --tag one good; sha256sum --tag bad; sha1sum --tag one; md5sum --tag good; } > sums.tags
if cksum -a sha384 one >/dev/null 2>&1; then
	for a in sha224 sha384 md5 sha1; do cksum -a $a one; done >> sums.tags
else
	skip "cksum -a lines (coreutils older than 9.0)"
fi
"$jca" dgst -c sums.tags > jca.out 2> jca.err; rc=$?
n=$(grep -c ': OK$' jca.out); lines=$(wc -l < sums.tags)
[ $rc -eq 0 ] && [ "$n" -eq "$lines" ] && [ ! -s jca.err ]
check "dgst -c without -a: sha512sum/sha256sum/sha1sum/md5sum --tag and cksum -a lines, mixed ($n OK)" $?
sed '1s/= ./= 0/' sums.tags > sums.tags.bad
"$jca" dgst -c --status sums.tags.bad; [ $? -eq 1 ]; check "dgst -c without -a: a wrong sum exits 1" $?
if have b2sum && [ -f "$example" ]; then
	b2sum --tag one big > sums.b2; cat sums.tags >> sums.b2
	printf 'security.provider.1 = builtin\nsecurity.provider.2 = %s\n' "$example" > conf.example
	JCA_CONF=$tmp/conf.example "$jca" dgst -c sums.b2 > jca.out 2>jca.err; rc=$?
	n=$(grep -c ': OK$' jca.out)
	[ $rc -eq 0 ] && [ "$n" -eq "$(wc -l < sums.b2)" ]; check "dgst -c: b2sum --tag lines (BLAKE2b) through the example plugin, mixed with SHA-2" $?
	"$jca" dgst -c sums.b2 > jca.out 2>jca.err; rc=$?
	[ $rc -eq 0 ] && grep -q "lines tagged BLAKE2b skipped" jca.err && grep -q 'WARNING: 2 lines are improperly formatted' jca.err
	check "dgst -c: BLAKE2b lines without the plugin are reported and skipped" $?
else
	skip "b2sum --tag through the example plugin (no b2sum or no $example)"
fi
sha256sum one > sums.untagged
"$jca" dgst -c sums.untagged >/dev/null 2>err; rc=$?
[ $rc -eq 1 ] && grep -q 'no properly formatted checksum lines' err; check "dgst -c without -a: untagged lines need -a" $?
"$jca" mac -a HmacSHA256 -K "$key" --tag one > macs.tag; "$jca" mac -a HmacSHA512 -K "$key" --tag good >> macs.tag
"$jca" mac -K "$key" -c --quiet macs.tag; check "mac -c without -a: the Mac from each line's tag" $?
# -b, -t, -z as sha256sum
for o in -b -t -z "-b -z" "-t --tag" "--binary" "--text" "--zero"; do
	# shellcheck disable=SC2086
	"$jca" dgst -a SHA-256 $o one "with space" 'back\slash' > jca.out 2>&1
	# shellcheck disable=SC2086
	sha256sum $o one "with space" 'back\slash' > ref.out 2>&1
	same_output "dgst $o equals sha256sum $o" jca.out ref.out
done
for o in "-c -b" "-c -t" "-c -z" "--tag -t"; do
	# shellcheck disable=SC2086
	"$jca" dgst -a SHA-256 $o sums.good >/dev/null 2>err; rc=$?
	# shellcheck disable=SC2086
	sha256sum $o sums.good >/dev/null 2>ref.err
	[ $rc -eq 2 ] && [ "$(head -1 err | sed 's/^jca dgst: //')" = "$(head -1 ref.err | sed 's/^sha256sum: //')" ]
	check "dgst $o refused with sha256sum's message" $?
done
# GNU long-option abbreviations
"$jca" dgst --algo SHA-256 --ta one > jca.out; sha256sum --ta one > ref.out
same_output "dgst --algo --ta (abbreviations) equals sha256sum --ta" jca.out ref.out
"$jca" dgst -a SHA-256 -c --sta sums.good; check "dgst -c --sta (--status) abbreviation" $?
"$jca" dgst -a SHA-256 -c --st sums.good > /dev/null 2>err; rc=$?
[ $rc -eq 2 ] && grep -q "option '--st' is ambiguous; possibilities: '--status' '--strict'" err
check "an ambiguous abbreviation exits 2 naming the possibilities" $?
"$jca" enc -t $t -K $k --iv $iv --i p17 >/dev/null 2>err; rc=$?
[ $rc -eq 2 ] && grep -q "ambiguous" err; check "enc --i is ambiguous (--iv, --in)" $?
# GCM takes a given IV of any length (jca refused over 32 bytes, naming 12)
for n in 1 13 33 64 300; do
	ivx=$(head -c $n /dev/urandom | od -An -tx1 | tr -d ' \n')
	"$jca" enc -t AES/GCM/NoPadding -K $k --iv "$ivx" -in p17 -out g 2>err && [ "$(wc -c < g)" -eq 33 ] &&
		"$jca" dec -t AES/GCM/NoPadding -K $k --iv "$ivx" -in g 2>>err | cmp -s - p17
	check "GCM with a $n-byte --iv: round trip, the IV not in the output" $?
	[ -s err ] && cat err
done
case $ivx in *00) last=01 ;; *) last=00 ;; esac
"$jca" dec -t AES/GCM/NoPadding -K $k --iv "${ivx%??}$last" -in g >/dev/null 2>&1; [ $? -eq 2 ]
check "GCM with a 300-byte --iv: the whole IV counts (its last byte changed: bad decrypt)" $?
"$jca" enc -t AES/GCM/NoPadding -K $k --aad 01 -in p17 -out g
"$jca" dec -t AES/GCM/NoPadding -K $k --aad 02 -in g -out gd 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'g: bad decrypt: wrong key, wrong AAD or corrupted input$' err && [ ! -e gd ]
check "GCM dec with a wrong AAD: 'wrong key, wrong AAD or corrupted input', no output" $?
"$jca" dec -t AES/GCM/NoPadding -K $k --iv "$ivx" -in g -out gd 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'bad decrypt: wrong key, wrong IV, wrong AAD or corrupted input$' err
check "GCM dec with --iv and no AAD: 'wrong key, wrong IV, wrong AAD or corrupted input'" $?
"$jca" enc -t AES/GCM/NoPadding -K $k --iv "" -in p17 >/dev/null 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'empty' err; check "GCM with an empty --iv exits 2, says it is empty" $?
# -K: not hexadecimal, odd length
"$jca" enc -t $t -K zz -in p1 >/dev/null 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'the key is not hexadecimal' err; check "-K zz: 'the key is not hexadecimal'" $?
"$jca" mac -a HmacSHA256 -K abc one >/dev/null 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'odd number of hex digits' err; check "-K abc: odd number of hex digits" $?
# -out: modes, symbolic links, FIFOs and devices, SIGKILL: tests/cli_out.sh
# a URI with a PIN is refused without the PIN in the message (no store needed:
# it is refused before any is opened)
pin=7391-secret-pin pinok=0
for cmd in "sign -a Ed25519 -key pkcs11:object=k?pin-value=$pin one" \
	"pkey -in pkcs11:token=a;pin-value=$pin" "pkey -in pkcs11:token=a;token=b?pin-value=$pin" \
	"keystore list pkcs11:token=a?PIN-VALUE=$pin" "genpkey -a Ed25519 -out pkcs11:object=x?pin%2Dvalue=$pin" \
	"agree -a X25519 -key pkcs11:object=k?pin-value=$pin -peer one"; do
	# shellcheck disable=SC2086
	"$jca" $cmd >/dev/null 2>err
	[ $? -eq 2 ] && grep -q 'pin-value' err && ! grep -q "$pin" err && pinok=$((pinok + 1))
done
[ $pinok -eq 6 ]; check "a pkcs11: URI with pin-value: refused, the PIN not in the message ($(head -n 1 err))" $?
# a password typed without -p is an operand: refused, not repeated
"$jca" kdf -a PBKDF2WithHmacSHA256 -s 00 -i 1 -l 16 "pw-$pin" >/dev/null 2>err
[ $? -eq 2 ] && ! grep -q "$pin" err; check "kdf: an unexpected operand is not repeated (a password without -p)" $?
# JCA_CPU: an unknown feature name is reported
JCA_CPU=-shanii "$jca" dgst -a SHA-256 one > jca.out 2>err; rc=$?
[ $rc -eq 0 ] && grep -q "JCA_CPU: '-shanii' ignored" err && [ "$(cat jca.out)" = "$(sha256sum one)" ]
check "JCA_CPU=-shanii: the unknown feature is reported" $?
JCA_CPU=-shani,generic "$jca" dgst -a SHA-256 one >/dev/null 2>err; [ ! -s err ]
check "JCA_CPU with known names: no message" $?

# ---- help, version, usage ----
for c in list dgst mac enc dec speed rand kdf; do
	"$jca" $c --help > help.out 2>&1; rc=$?
	[ $rc -eq 0 ] && grep -q "usage: jca $c" help.out; check "jca $c --help" $?
done
"$jca" --help | grep -q 'speed'; check "jca --help lists the commands" $?
"$jca" --version | grep -q '^jca [0-9]'; check "jca --version" $?
"$jca" >/dev/null 2>&1; [ $? -eq 2 ]; check "jca without a command exits 2" $?
"$jca" nosuch >/dev/null 2>&1; [ $? -eq 2 ]; check "unknown command exits 2" $?
# the man page: synopsis and --help agree; directories substituted
man_src="${top_srcdir:-.}/doc/jca.1"
if [ -f "$man_src" ]; then
	syn=$(sed -n '/^\.SH SYNOPSIS/,/^\.SH DESCRIPTION/p' "$man_src" | sed 's/\\-/-/g')
	for c in list dgst mac enc speed; do
		missing=""
		for o in $("$jca" $c --help | sed -n '1,/^$/p' | grep -oE -- '--?[a-z][a-z-]*' | sort -u); do
			printf '%s\n' "$syn" | grep -q -- "$o" || missing="$missing $o"
		done
		[ -z "$missing" ]; check "man page synopsis has the options of 'jca $c --help' usage${missing:+ (missing:$missing)}" $?
	done
else
	skip "man page synopsis (no $man_src)"
fi
if [ -f "${top_builddir:-.}/jca.1" ]; then
	! grep -q '@[a-z]*@' "${top_builddir:-.}/jca.1" && grep -q '/jca.conf' "${top_builddir:-.}/jca.1"
	check "built man page has its directories substituted (no @sysconfdir@ left)" $?
else
	skip "built man page (no ${top_builddir:-.}/jca.1)"
fi
# the failures again at the end, where a log cut to its tail still shows them
[ $fail -eq 0 ] || printf 'FAILED checks:%s\n' "$failed"
exit $fail
