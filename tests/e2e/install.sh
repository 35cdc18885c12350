#!/usr/bin/env bash
# Node.js (Debian's when the machine has none) and the pinned playwright-core and axe-core from
# the lockfile.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends nodejs npm
fi
installed="$here/node_modules/.package-lock.json"
stale=0
for package in playwright-core axe-core; do
  if [[ ! -f "$installed" ]] || ! cmp -s <(grep -A2 "\"node_modules/$package\"" "$here/package-lock.json") \
      <(grep -A2 "\"node_modules/$package\"" "$installed"); then
    stale=1
  fi
done
if [[ $stale -eq 1 ]]; then
  npm ci --prefix "$here" --no-audit --no-fund --loglevel=error
fi
