#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The CPU tiers forced through JCA_CPU for an architecture, written once
# for tests/tiers.sh (this machine) and tests/cross.sh (qemu-user):
#   . tests/tier_list.sh; tiers=$(jca_tier_list "$(uname -m)")
# Each tier turns features off so that one more backend becomes the active
# one; "generic" leaves only the portable C code. A new backend that is
# chosen over an existing one adds a tier here, nowhere else.
jca_tier_list() {
	case $1 in
	x86_64) echo "generic -aesni,-vaes,-vaes512 -shani,-avx512,-vaes,-vaes512 -avx512,-vaes512 -vaes512" ;;
	aarch64) echo "generic -sha3,-sha512 -pmull" ;;
	riscv64) echo "generic -zknh" ;;
	*) echo "generic" ;;
	esac
}
