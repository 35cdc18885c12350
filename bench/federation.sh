#!/usr/bin/env bash
# Federation (docs/FEDERATION.md): deliveries per second from the real outbox and delivery queue
# to FOLLOWERS followers on INBOXES loopback inboxes (through their shared inboxes, and once
# through personal inboxes), and signed inbox posts verified and applied per second.
# usage: bench/federation.sh   (env: FOLLOWERS=1000 INBOXES=50 POSTS=20 VERIFY=2000 BUILD=build)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
FOLLOWERS=${FOLLOWERS:-1000}
INBOXES=${INBOXES:-50}
POSTS=${POSTS:-20}
VERIFY=${VERIFY:-2000}
BUILD=${BUILD:-build}
cmake --build "$BUILD" -j2 --target cairn_federation_bench >/dev/null
BENCH="$BUILD"/bench/cairn_federation_bench
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
echo "machine: $(nproc) cores, $(uname -m)"
mkdir -p "$WORK/shared" "$WORK/personal" "$WORK/verify"
"$BENCH" deliveries "$WORK/shared" "$FOLLOWERS" "$INBOXES" "$POSTS" shared
"$BENCH" deliveries "$WORK/personal" "$FOLLOWERS" "$INBOXES" 1 personal
"$BENCH" verify "$WORK/verify" "$VERIFY"
