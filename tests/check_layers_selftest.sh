#!/usr/bin/env bash
# The layering check catches what it is there for: a copy of src/ with one planted violation of
# each rule must fail with a message naming it, and the real src/ must pass.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
check="$here/check_layers.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

bash "$check" "$here/../src" >/dev/null || { echo "src/ itself breaks the layers"; exit 1; }

plant() {  # plant FILE LINE EXPECTED
  rm -rf "$work/src" && cp -r "$here/../src" "$work/src"
  printf '%s\n' "$2" >>"$work/src/$1"
  local out
  out="$(bash "$check" "$work/src")" && { echo "not caught: $2 in $1"; return 1; }
  grep -q -- "$3" <<<"$out" || { echo "wrong message for $2 in $1: $out"; return 1; }
}

status=0
plant storage/database.cpp '#include "records/record_engine.h"' 'layer storage' || status=1
plant services/core/cascade.cpp '#include "services/files/upload_service.h"' 'services/core' || status=1
plant api/api_routes.cpp '#include "records/filter.h"' 'layer api' || status=1
plant services/families/trail.cpp '#include <httplib.h>' 'httplib.h' || status=1
plant records/filter.cpp '#include <sqlite3.h>' 'SQLite' || status=1
plant web/gzip.cpp 'int x = sodium_init();' 'libsodium' || status=1
plant mail/outbox.cpp '#include <curl/curl.h>' 'curl/curl.h' || status=1
plant net/http_client.cpp '#include <openssl/evp.h>' 'only crypto/ includes openssl/' || status=1
plant crypto/rsa_keys.cpp '#include "net/address_guard.h"' 'layer crypto' || status=1
plant activitypub/digest.cpp '#include "net/http_client.h"' 'layer activitypub' || status=1
plant net/smtp_transfer.cpp 'int y = curl_global_init(0);' 'initialises libcurl' || status=1
plant net/smtp_transfer.cpp '#include "mail/outbox.h"' 'layer net' || status=1
((status == 0)) && echo "layering check: every planted violation was caught"
exit $status
