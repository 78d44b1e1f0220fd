#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# A file jca writes is never owned by anyone but the writer (issue 33):
# run as root, every command with -out is pointed at a file another user
# (nobody, uid 65534) made in a sticky, world-writable directory, and must
# refuse, naming the owner, writing nothing and leaving the file as it
# was; a FIFO of that user is refused too (whoever reads it would get the
# secret); a new private key, shared secret or plaintext is the runner's,
# mode 0600.
#   top_builddir=DIR sh tests/cli_out_owner.sh      (the binary is DIR/jca)
# Prints "ok: ...", "FAIL: ..." per check; exits 1 if any check failed, 77
# (SKIP) when not root: only root can make a file of another user.
set -u
jca="${top_builddir:-.}/jca"
case "$jca" in /*) ;; *) jca="$(pwd)/$jca" ;; esac
if [ ! -x "$jca" ]; then
	echo "FAIL: no jca binary at $jca (set top_builddir)"
	exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "SKIP: needs root, to make the file of another user (uid 65534) that jca must refuse"
	exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { # description, status of the test just run
	if [ "$2" -eq 0 ]; then echo "ok: $1"; else echo "FAIL: $1"; fail=1; fi
}
cd "$tmp" || exit 1
chmod 755 "$tmp"
# how jca names uid 65534: its user name where the system has one
owner=$(getent passwd 65534 | cut -d: -f1)
owner=${owner:-65534}
k=2b7e151628aed2a6abf7158809cf4f3c
t=AES/CBC/PKCS5Padding
printf 'the plaintext\n' > plain
"$jca" genpkey -a X25519 -out mine.pem && "$jca" genpkey -a X25519 -out theirs.pem &&
	"$jca" pkey -in theirs.pem -pubout -out theirs.pub && "$jca" enc -t $t -K $k -in plain -out cipher &&
	"$jca" enc --stream -K $k -in plain -out scipher &&
	"$jca" genpkey -a Ed25519 -out sig.pem
check "the inputs are made" $?
mkdir d; chmod 1777 d

# refused: the target is another user's file, in a sticky, world-writable
# directory (as /tmp); nothing written, the file as it was
refused() { # DESC, then the jca command writing d/f
	desc=$1; shift
	rm -f d/f; printf 'theirs' > d/f; chown 65534:65534 d/f; chmod 666 d/f
	"$@" 2>err; rc=$?
	[ $rc -eq 2 ] && [ "$(cat d/f)" = theirs ] && [ "$(stat -c %u:%a d/f)" = 65534:666 ] &&
		grep -q "d/f.*belongs to $owner (uid 65534)" err && [ "$(ls -A d)" = f ]
	check "$desc: refused, naming the owner ($(head -n 1 err))" $?
}
refused "genpkey -out onto another user's file" "$jca" genpkey -a Ed25519 -out d/f
refused "agree -out onto another user's file" "$jca" agree -a X25519 -key mine.pem -peer theirs.pub -out d/f
refused "dec -out onto another user's file" "$jca" dec -t $t -K $k -in cipher -out d/f
refused "dec --stream -out onto another user's file" "$jca" dec --stream -K $k -in scipher -out d/f
refused "pkey -out (a private key) onto another user's file" "$jca" pkey -in sig.pem -out d/f
refused "rand -out onto another user's file" "$jca" rand -out d/f 32
refused "enc -out onto another user's file" "$jca" enc -t $t -K $k -in plain -out d/f
refused "sign -out onto another user's file" "$jca" sign -a Ed25519 -key sig.pem -out d/f plain
# the same through a symbolic link of one's own to that file
ln -s d/f via
refused "genpkey -out through one's own link to another user's file" "$jca" genpkey -a Ed25519 -out via
rm -f via

# a FIFO of another user: whoever reads it would get the key
rm -f d/f; mkfifo d/fifo; chown 65534 d/fifo
timeout 20 "$jca" genpkey -a Ed25519 -out d/fifo 2>err; rc=$?
[ $rc -eq 2 ] && [ -p d/fifo ] && grep -q "d/fifo.*belongs to $owner (uid 65534)" err
check "genpkey -out onto another user's FIFO: refused ($(head -n 1 err))" $?
rm -f d/fifo

# new secret files are the runner's, mode 0600, whatever the umask
fresh() { # DESC, then the jca command writing d/new
	desc=$1; shift
	rm -f d/new
	(umask 0; "$@") && [ "$(stat -c %u:%a d/new)" = 0:600 ]
	check "$desc: a new file, root's, mode 0600" $?
}
fresh "genpkey -out" "$jca" genpkey -a Ed25519 -out d/new
fresh "agree -out" "$jca" agree -a X25519 -key mine.pem -peer theirs.pub -out d/new
fresh "dec -out" "$jca" dec -t $t -K $k -in cipher -out d/new
fresh "rand -out" "$jca" rand -out d/new 32
# replacing one's own file with a secret: 0600, not the old file's mode
printf 'old' > d/mine; chmod 666 d/mine
"$jca" dec -t $t -K $k -in cipher -out d/mine && [ "$(stat -c %u:%a d/mine)" = 0:600 ] && cmp -s d/mine plain
check "dec -out over one's own file of mode 666: the plaintext gets mode 0600" $?
[ -c /dev/null ] || { echo "FAIL: /dev/null is no longer a character device"; fail=1; }
exit $fail
