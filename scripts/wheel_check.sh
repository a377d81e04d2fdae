#!/usr/bin/env bash
# The package installed like a library: build the wheel, install it into a fresh virtual
# environment outside the checkout, and check that the seed example gives the checkout's
# probabilities with the trained readout and calibration loaded from the installed package.
#
#   bash scripts/wheel_check.sh          # after scripts/setup.sh (uses the prepared default model)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
.venv/bin/python -m build --wheel --outdir "$work/dist" . >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
wheel=$(ls "$work"/dist/jev_model-*.whl)
echo "built $(basename "$wheel")"
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q --upgrade pip
"$work/venv/bin/python" -m pip install -q ${TORCH_PIP_ARGS:-} "${TORCH_SPEC:-torch==2.13.0}"
"$work/venv/bin/python" -m pip install -q "$wheel"
mkdir "$work/elsewhere"
cp examples/seed_request.json "$work/elsewhere/"
# the installed copy, run from a directory with no checkout in sight
(cd "$work/elsewhere" && "$work/venv/bin/jev" evaluate seed_request.json > installed.json)
(cd "$work/elsewhere" && "$work/venv/bin/python" -c "import jev_model, sys; sys.exit('jev_model imported from the checkout' if '$repo' in jev_model.__file__ else 0)")
.venv/bin/jev evaluate examples/seed_request.json > "$work/checkout.json"
.venv/bin/python - "$work/elsewhere/installed.json" "$work/checkout.json" <<'PY'
import json, sys
installed, checkout = (json.load(open(p))["results"] for p in sys.argv[1:3])
for a, b in zip(installed, checkout, strict=True):
    assert a["readout"].startswith("trained:"), f"the installed package read {a['evaluator']} with {a['readout']}"
    assert a["readout"] == b["readout"] and a.get("calibration") == b.get("calibration"), (a, b)
    diff = max(abs(a["probabilities"][k] - b["probabilities"][k]) for k in b["probabilities"])
    assert diff <= 1e-5, f"{a['evaluator']}: probabilities differ by {diff}"
    print(f"wheel check: {a['evaluator']} {a['readout']} {a.get('calibration')} max |dp| {diff:.1e}")
PY
echo "wheel check OK"
