#!/usr/bin/env bash
# Installs the Debian packages listed in packages.txt that are missing, then the pinned web packages
# of third_party/web-packages (npm ci, with Debian's Node.js when the machine has none) when its
# lockfile changed; a no-op when all are present.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
list="${1:-$here/packages.txt}"
missing=()
while read -r pkg; do
  [[ -z "$pkg" || "$pkg" == \#* ]] && continue
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done <"$list"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  missing+=(nodejs npm)
fi
sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
if ((${#missing[@]} > 0)); then
  echo "installing: ${missing[*]}" >&2
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The files the build compiles into the binary (CMakeLists.txt); the copy of the lockfile that
# npm ci installed tells whether it must run again.
web="$here/web-packages"
if ! cmp -s "$web/package-lock.json" "$web/node_modules/.cairn-installed-lock.json"; then
  echo "installing the web packages of $web (npm ci)" >&2
  npm ci --prefix "$web" --no-audit --no-fund --loglevel=error
  cp "$web/package-lock.json" "$web/node_modules/.cairn-installed-lock.json"
fi
