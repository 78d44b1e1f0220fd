#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# jca enc/dec -out FILE through the real binary: how the output file is
# written - a regular file replaced atomically (mode kept, new inode), a
# secret (plaintext, keys, shared secrets, random bytes) with mode 0600,
# -outmode, a symbolic link written through under the kernel's
# protected_symlinks rule, a FIFO or device written into, nothing left
# after SIGKILL. Other users' files: cli_out_owner.sh (root).
#   top_builddir=DIR sh tests/cli_out.sh      (the binary is DIR/jca)
# Prints "ok: ...", "FAIL: ..." or "SKIP: ... (reason)" per check; exits 1
# if any check failed. Run as root it checks the refusal of other users'
# links too.
set -u
jca="${top_builddir:-.}/jca"
case "$jca" in /*) ;; *) jca="$(pwd)/$jca" ;; esac
if [ ! -x "$jca" ]; then
	echo "FAIL: no jca binary at $jca (set top_builddir)"
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
pass() { echo "ok: $1"; }
flunk() { echo "FAIL: $1"; fail=1; }
check() { # description, status of the test just run
	if [ "$2" -eq 0 ]; then pass "$1"; else flunk "$1"; fi
}
skip() { echo "SKIP: $1"; }
cd "$tmp" || exit 1
k=2b7e151628aed2a6abf7158809cf4f3c
iv=000102030405060708090a0b0c0d0e0f
t=AES/CBC/PKCS5Padding
head -c 17 /dev/urandom > p17
mkdir out

# -out: an existing file keeps its mode; a symbolic link is written through
printf 'old' > out/moded; chmod 640 out/moded
"$jca" enc -t $t -K $k -in p17 -out out/moded && [ "$(stat -c %a out/moded)" = 640 ] &&
	"$jca" dec -t $t -K $k -in out/moded | cmp -s - p17
check "-out onto an existing file keeps its mode (640)" $?
printf 'old' > out/real; ln -s real out/link
"$jca" enc -t $t -K $k -in p17 -out out/link && [ -L out/link ] && "$jca" dec -t $t -K $k -in out/real | cmp -s - p17
check "-out through a symbolic link writes the file it points to, the link kept" $?
ln -s nowhere out/dangling
"$jca" enc -t $t -K $k -in p17 -out out/dangling 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'symbolic link to a file that cannot be reached' err && [ ! -e out/nowhere ]
check "-out onto a dangling symbolic link refused with a message" $?
rm -f out/moded out/real out/link out/dangling
(umask 027; "$jca" enc -t $t -K $k -in p17 -out out/fresh) && [ "$(stat -c %a out/fresh)" = 640 ]
check "-out creates a new file with the umask's mode" $?
rm -f out/fresh
# secrets (plaintext, keys, shared secrets, random bytes) get mode 0600,
# whatever the file they replace had; -outmode OCTAL sets the mode instead
"$jca" enc -t $t -K $k -in p17 -out c17
printf 'old' > out/plain; chmod 644 out/plain
"$jca" dec -t $t -K $k -in c17 -out out/plain && [ "$(stat -c %a out/plain)" = 600 ] && cmp -s out/plain p17
check "dec -out over a file of mode 644: the plaintext gets mode 600" $?
(umask 0; "$jca" dec -t $t -K $k -in c17 -out out/plain2) && [ "$(stat -c %a out/plain2)" = 600 ]
check "dec -out, a new file under umask 0: mode 600" $?
"$jca" dec -t $t -K $k -in c17 -out out/plain -outmode 640 && [ "$(stat -c %a out/plain)" = 640 ]
check "dec -out -outmode 640: mode 640" $?
"$jca" enc -t $t -K $k -in p17 -out out/plain --outmode=600 && [ "$(stat -c %a out/plain)" = 600 ]
check "enc -out --outmode=600 over a file of mode 640: mode 600" $?
printf 'old' > out/rnd; chmod 644 out/rnd; ino=$(stat -c %i out/rnd)
"$jca" rand -out out/rnd 32 && [ "$(stat -c %a out/rnd)" = 600 ] && [ "$(stat -c %i out/rnd)" != "$ino" ] &&
	[ "$(wc -c < out/rnd)" -eq 32 ]
check "rand -out over a file of mode 644: replaced (a new inode), mode 600" $?
"$jca" genpkey -a Ed25519 -out out/key.pem && [ "$(stat -c %a out/key.pem)" = 600 ] &&
	"$jca" genpkey -a Ed25519 -outmode 0640 -out out/key2.pem && [ "$(stat -c %a out/key2.pem)" = 640 ] &&
	(umask 022; "$jca" pkey -in out/key.pem -pubout -out out/pub.pem) && [ "$(stat -c %a out/pub.pem)" = 644 ] &&
	"$jca" pkey -in out/key.pem -out out/pub.pem && [ "$(stat -c %a out/pub.pem)" = 600 ]
check "genpkey -out: 600, with -outmode 0640: 640; a public key: the umask's; a private key over it: 600" $?
printf 'x' > x25519.in
"$jca" genpkey -a X25519 -out out/x.pem && "$jca" pkey -in out/x.pem -pubout -out out/x.pub &&
	"$jca" agree -a X25519 -key out/x.pem -peer out/x.pub -out out/s -outmode 400 && [ "$(stat -c %a out/s)" = 400 ] &&
	"$jca" sign -a Ed25519 -key out/key.pem -out out/sig -outmode 604 x25519.in && [ "$(stat -c %a out/sig)" = 604 ]
check "agree and sign take -outmode" $?
printf 'old' > out/suid; chmod 4755 out/suid
"$jca" enc -t $t -K $k -in p17 -out out/suid && [ "$(stat -c %a out/suid)" = 755 ]
check "enc -out over a set-user-ID file of one's own: its mode without the set-user-ID bit" $?
refusals=0
for bad in 1000 rw 8 -1 ''; do
	printf 'old' > out/keep
	"$jca" dec -t $t -K $k -in c17 -out out/keep -outmode "$bad" 2>err
	[ $? -eq 2 ] && [ "$(cat out/keep)" = old ] && grep -q -- "-outmode: an octal mode" err &&
		refusals=$((refusals + 1))
done
[ $refusals -eq 5 ]
check "-outmode 1000, rw, 8, -1 and '' refused with a message, nothing written" $?
"$jca" verify -a Ed25519 -key out/key.pem -sig out/sig -outmode 600 x25519.in 2>err; rc=$?
[ $rc -eq 2 ] && grep -q -- "-outmode is not an option of verify" err
check "verify refuses -outmode" $?
rm -f out/* c17 x25519.in
# -out onto a FIFO or a device is written into, never replaced; a regular
# file is replaced by a rename (a new inode; a hard link keeps the old bytes)
"$jca" enc -t $t -K $k --iv $iv -in p17 -out want17
mkdir odir; mkfifo odir/fifo
timeout 20 cat odir/fifo > fifo.got &
rpid=$!
timeout 20 "$jca" enc -t $t -K $k --iv $iv -in p17 -out odir/fifo; rc=$?
[ -p odir/fifo ] || kill $rpid 2>/dev/null    # the reader would wait for nothing
wait $rpid
[ $rc -eq 0 ] && [ -p odir/fifo ] && cmp -s fifo.got want17
check "-out onto a FIFO writes into it (a reader gets the bytes, the FIFO stays)" $?
"$jca" enc -t $t -K $k -in p17 -out /dev/null && [ -c /dev/null ]
check "-out /dev/null leaves /dev/null a character device" $?
if [ -c /dev/null ] && mknod odir/null c 1 3 2>/dev/null && (: > odir/null) 2>/dev/null; then
	"$jca" enc -t $t -K $k -in p17 -out odir/null && [ -c odir/null ] && [ "$(ls -A odir)" = "$(printf 'fifo\nnull')" ]
	check "-out onto a character device (a null device made with mknod) leaves it a device, no file beside it" $?
else
	skip "-out onto a device node of our own (mknod not allowed here)"
fi
printf 'old' > odir/reg; ln odir/reg odir/reg.old; ino=$(stat -c %i odir/reg)
"$jca" enc -t $t -K $k --iv $iv -in p17 -out odir/reg && [ "$(stat -c %i odir/reg)" != "$ino" ] &&
	[ "$(cat odir/reg.old)" = old ] && cmp -s odir/reg want17
check "-out onto a regular file replaces it atomically (renamed over: new inode, a hard link keeps the old bytes)" $?
rm -rf odir
# -out through a symbolic link in a sticky, world-writable directory: as
# the kernel's protected_symlinks rule, followed only when the caller or
# the directory's owner owns the link (jca follows -out links itself)
mkdir sticky; chmod 1777 sticky
follows() { # DESC: -out sticky/link writes the file it points to (victim)
	printf 'victim' > victim
	"$jca" enc -t $t -K $k -in p17 -out sticky/link 2>err && [ -L sticky/link ] &&
		"$jca" dec -t $t -K $k -in victim | cmp -s - p17
	check "$1" $?
}
refused() { # DESC LINK
	printf 'victim' > victim
	"$jca" enc -t $t -K $k -in p17 -out "$2" 2>err; rc=$?
	[ $rc -eq 2 ] && [ "$(cat victim)" = victim ] && [ -L sticky/link ] &&
		grep -q "sticky/link: symbolic link not followed: .*sticky, world-writable directory.*uid 65534" err &&
		[ -z "$(find sticky -newer p17 ! -type l ! -path sticky)" ]
	check "$1" $?
}
ln -s ../victim sticky/link
follows "-out through one's own link in a sticky, world-writable directory is followed"
if [ "$(id -u)" -eq 0 ]; then
	chown 1 sticky; chown -h 65534 sticky/link      # the directory daemon's, the link nobody's
	refused "-out through another user's link in someone else's sticky, world-writable directory is refused" sticky/link
	ln -s link sticky/mine
	refused "-out through one's own link to such a link is refused at the second link" sticky/mine
	ln -s sticky/link via
	refused "-out through a link elsewhere to such a link is refused" via
	chown -h 1 sticky/link
	follows "-out through a link owned by the sticky directory's owner is followed"
	chown -h 65534 sticky/link; chmod 0777 sticky
	follows "-out through another user's link in a world-writable directory without the sticky bit is followed"
	chmod 1775 sticky
	follows "-out through another user's link in a sticky directory not world-writable is followed"
else
	skip "-out through another user's link in a sticky directory (needs root to chown a link)"
fi
rm -rf sticky victim via
# SIGKILL while writing -out leaves nothing behind (O_TMPFILE)
mkdir kdir
sleep 30 | "$jca" enc -t $t -K $k -out kdir/x &
kpid=$!
i=0
while [ $i -lt 100 ] && ! ls -l /proc/$kpid/fd 2>/dev/null | grep -q kdir; do sleep 0.1; i=$((i + 1)); done
seen=$(ls -l /proc/$kpid/fd 2>/dev/null | grep kdir)
kill -9 $kpid 2>/dev/null; wait $kpid 2>/dev/null
case $seen in
*deleted*) [ -z "$(ls -A kdir)" ]; check "SIGKILL during enc -out leaves no file (the output was an unnamed O_TMPFILE)" $? ;;
'') skip "SIGKILL during enc -out (the temporary file was not seen in /proc)" ;;
*) skip "SIGKILL during enc -out (no O_TMPFILE on this filesystem: $seen)" ;;
esac
[ -c /dev/null ] || flunk "/dev/null is no longer a character device (rm /dev/null; mknod -m 666 /dev/null c 1 3)"
exit $fail
