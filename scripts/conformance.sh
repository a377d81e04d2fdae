#!/usr/bin/env bash
# The live HTTP server against external clients, on loopback only:
#   1. jevcompat (the public conformance suite) with no key set,
#   2. jevbench check (one request in the standard format) on the same server,
#   3. jevcompat again with a key set (--key-env), for the auth requirements.
# Fails unless both jevcompat runs are "conformant" with no MUST and no SHOULD failing.
#
#   bash scripts/conformance.sh                 # the default model
#   bash scripts/conformance.sh path/to/model   # any model directory
# Reports: $REPORT_DIR (default reports/) jevcompat-open.json, jevcompat-key.json, serve-*.log
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
BIN=$(dirname "$PY")
MODEL=${1:-default}
PORT=${JEV_CONFORMANCE_PORT:-18700}
OUT=${REPORT_DIR:-reports}
TIMEOUT=${JEVCOMPAT_TIMEOUT:-600}  # per request: the 255-option question is a long prompt on a busy CPU
URL="http://127.0.0.1:$PORT"
mkdir -p "$OUT"

pid=""
stop() { if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=""; fi; }
trap stop EXIT

serve() {  # serve LOGNAME: start the server in the background and wait until /health answers
  # --deadline: jevcompat waits $TIMEOUT s a request, so the server admits work that takes that long
  "$PY" -m jev_model serve --model "$MODEL" --host 127.0.0.1 --port "$PORT" --deadline "$TIMEOUT" > "$OUT/serve-$1.log" 2>&1 &
  pid=$!
  "$PY" - "$URL/health" "$pid" <<'EOF' || { cat "$OUT/serve-$1.log"; exit 1; }
import os, sys, time, urllib.request
url, pid = sys.argv[1], int(sys.argv[2])
for _ in range(600):
    try:
        urllib.request.urlopen(url, timeout=2)
        sys.exit(0)
    except OSError:
        try:
            os.kill(pid, 0)
        except OSError:
            sys.exit("the server exited before it was ready")
        time.sleep(0.5)
sys.exit("the server was not ready after 5 minutes")
EOF
}

check_report() {  # check_report FILE: every tested MUST and SHOULD passed
  "$PY" - "$1" <<'EOF'
import json, sys
s = json.load(open(sys.argv[1]))["summary"]
print(f"{sys.argv[1]}: {s['verdict']}; MUST {s['MUST']['passed']}/{s['MUST']['tested']} "
      f"(skipped {s['MUST']['skipped']}), SHOULD {s['SHOULD']['passed']}/{s['SHOULD']['tested']} "
      f"(skipped {s['SHOULD']['skipped']})")
sys.exit(0 if s["conformant"] and s["MUST"]["failed"] == 0 and s["SHOULD"]["failed"] == 0 else 1)
EOF
}

status=0
start=$(date +%s)
JEV_API_KEY= serve open
echo "jevcompat (no key) against $URL ..."
env -u JEV_API_KEY "$BIN/jevcompat" test "$URL" --timeout "$TIMEOUT" --json "$OUT/jevcompat-open.json" \
  | tee "$OUT/jevcompat-open.txt" | tail -n 3 || true
check_report "$OUT/jevcompat-open.json" || status=1
echo "jevbench check ..."
"$BIN/jevbench" check --url "$URL/v1/systemone" --model jev-latest || status=1
stop

export JEV_API_KEY="ci-$RANDOM$RANDOM"
serve key
echo "jevcompat (--key-env JEV_API_KEY) against $URL ..."
"$BIN/jevcompat" test "$URL" --key-env JEV_API_KEY --timeout "$TIMEOUT" --json "$OUT/jevcompat-key.json" \
  | tee "$OUT/jevcompat-key.txt" | tail -n 3 || true
check_report "$OUT/jevcompat-key.json" || status=1
stop
echo "conformance checks took $(( $(date +%s) - start )) s; reports in $OUT/"
exit $status
