#!/usr/bin/env bash
# The layering of src/, checked from the code's own includes: each folder includes only the
# folders below it (the links in CMakeLists.txt), each third-party library has one adapter, and
# libsodium and libcurl are each initialised in one place. Prints every violation; exit 1 when there is any.
#   tests/check_layers.sh [SRC_DIR]
set -uo pipefail
src="${1:-$(dirname "${BASH_SOURCE[0]}")/../src}"
cd "$src" || exit 2

# What each folder may include besides itself (project headers, by their first path segment).
declare -A allowed=(
  [util]=""
  [geo]="util"
  [images]="util"
  [dem]="util geo"
  [net]="util"
  [crypto]="util"
  [activitypub]="util crypto"
  [mail]="util net"
  [http]="util"
  [storage]="util geo"
  [records]="util storage"
  [services]="util storage records geo images net mail dem crypto activitypub"
  [api]="util http services"
  [web]="util http"
  [app]="util geo images net mail http storage records services api web dem crypto activitypub"
)

failures=0
fail() {
  echo "layering: $*"
  failures=$((failures + 1))
}

while IFS= read -r file; do
  folder="${file%%/*}"
  [[ "$file" == */* ]] || folder="main"
  while IFS= read -r included; do
    target="${included%%/*}"
    [[ "$target" == "$included" ]] && continue  # a system or library header
    [[ "$target" == "$folder" ]] && continue
    if [[ "$folder" == "main" ]]; then
      [[ "$target" == "app" || "$target" == "util" ]] || fail "$file includes $included"
      continue
    fi
    if [[ -z "${allowed[$folder]+set}" ]]; then
      fail "$file is in a folder the layering does not know ($folder)"
      break
    fi
    [[ " ${allowed[$folder]} " == *" $target "* ]] || fail "$file (layer $folder) includes $included"
  done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$file")
done < <(find . -name '*.cpp' -o -name '*.h' | sed 's|^\./||' | sort)

# The services' own core (record service, registry, policy, cascade) knows no family, account,
# file or track code.
while IFS= read -r line; do
  fail "services/core must not include another services folder: $line"
done < <(grep -Hn '^#include "services/' services/core/*.cpp services/core/*.h |
  grep -v '"services/core/')

# One adapter per library.
while IFS= read -r line; do fail "only http/ includes httplib.h: $line"; done < <(
  grep -rn --include='*.cpp' --include='*.h' '#include [<"]httplib.h[>"]' . | grep -v '^\./http/')
while IFS= read -r line; do fail "only storage/ uses SQLite: $line"; done < <(
  grep -rnE --include='*.cpp' --include='*.h' '#include [<"](SQLiteCpp/|sqlite3\.h)' . |
    grep -v '^\./storage/')
while IFS= read -r line; do fail "only util/sodium.cpp initialises libsodium: $line"; done < <(
  grep -rn --include='*.cpp' --include='*.h' 'sodium_init' . | grep -v '^\./util/sodium\.cpp:')
while IFS= read -r line; do fail "only dem/ includes tiffio.h: $line"; done < <(
  grep -rn --include='*.cpp' --include='*.h' '#include [<"]tiff' . | grep -v '^\./dem/')
# RSA keys and signatures have one home: crypto/ is the only user of OpenSSL's libcrypto.
while IFS= read -r line; do fail "only crypto/ includes openssl/: $line"; done < <(
  grep -rn --include='*.cpp' --include='*.h' '#include [<"]openssl/' . | grep -v '^\./crypto/')
# Every outbound connection goes through net/ (libcurl: timeouts and TLS checks in one place).
while IFS= read -r line; do fail "only net/ includes curl/curl.h: $line"; done < <(
  grep -rn --include='*.cpp' --include='*.h' '#include [<"]curl/' . | grep -v '^\./net/')
while IFS= read -r line; do fail "only net/curl_easy.cpp initialises libcurl: $line"; done < <(
  grep -rn --include='*.cpp' --include='*.h' 'curl_global_init(' . | grep -v '^\./net/curl_easy\.cpp:')

if ((failures > 0)); then
  echo "layering: $failures violation(s)"
  exit 1
fi
echo "layering: $(find . -name '*.cpp' -o -name '*.h' | wc -l) files follow the layers"
