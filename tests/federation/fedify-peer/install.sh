#!/usr/bin/env bash
# The Fedify test peer's Node packages, exactly as its lockfile pins them (npm ci), skipped when
# node_modules already holds that lockfile's install. Node.js 20 or newer must be on the machine
# (Debian 12's own nodejs is 18: too old for Fedify).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends nodejs npm
fi
major="$(node -p 'process.versions.node.split(".")[0]')"
if (( major < 20 )); then
  echo "fedify-peer: Node.js $(node --version) is too old; Fedify needs 20 or newer" >&2
  exit 1
fi
stamp="$here/node_modules/.cairn-lockfile.sha256"
want="$(sha256sum "$here/package-lock.json" | cut -d' ' -f1)"
if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
  # Fedify 2.3 declares Node >= 22; on Node 20 npm only warns (EBADENGINE), which --loglevel=error hides.
  npm ci --prefix "$here" --no-audit --no-fund --loglevel=error
  echo "$want" >"$stamp"
fi
