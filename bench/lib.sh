# Shared by the bench scripts (source it): a Cairn server on a free port with a fresh data dir
# and a signed-in bench user.

# start_cairn LOG: starts build/cairn; sets CAIRN_PID, CAIRN_DATA, API (…/api/v1) and TOKEN, and
# stops the server and removes the data dir on exit.
start_cairn() {
  local log=${1:-/dev/null}
  CAIRN_DATA=$(mktemp -d)
  local port
  port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
  build/cairn serve --http "127.0.0.1:$port" --dir "$CAIRN_DATA" 2>"$log" &
  CAIRN_PID=$!
  trap 'kill $CAIRN_PID 2>/dev/null; rm -rf "$CAIRN_DATA"' EXIT
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.1; done
  API=http://127.0.0.1:$port/api/v1
  curl -s -X PUT "$API/user" -H 'Content-Type: application/json' \
    -d '{"username":"bench","email":"b@example.com","password":"bench-pass","passwordConfirm":"bench-pass"}' >/dev/null
  TOKEN=$(curl -s -X POST "$API/auth/login" -H 'Content-Type: application/json' \
    -d '{"username":"bench","password":"bench-pass"}' | python3 -c 'import json,sys;print(json.load(sys.stdin)["token"])')
}
