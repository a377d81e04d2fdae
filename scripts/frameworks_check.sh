#!/usr/bin/env bash
# The DeepEval and RAGAS adapters against their real libraries. Their pins (rich<15, click<8.4)
# clash with strands' (rich>=15), so they cannot share .venv: they get their own environment,
# .venv-frameworks (torch pinned as in setup.sh, jev-model with the test, deepeval and ragas
# extras), and their adapter tests run there with JEV_REQUIRE_EXTRAS set, so a missing
# library fails instead of skipping. Offline: the tests use the tiny model.
#
#   bash scripts/frameworks_check.sh        # about 2 minutes the first time, seconds after
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
TORCH_SPEC=${TORCH_SPEC:-torch==2.13.0}
VENV=.venv-frameworks
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
"$VENV/bin/python" -m pip install -q ${TORCH_PIP_ARGS:-} "$TORCH_SPEC"
"$VENV/bin/python" -m pip install -q -e ".[test,deepeval,ragas]"
JEV_REQUIRE_EXTRAS=deepeval,ragas "$VENV/bin/python" -m pytest -q -p no:cacheprovider \
    tests/test_adapters_frameworks.py tests/test_adapters_rag.py -k "deepeval or ragas"
echo "frameworks check OK (deepeval, ragas)"
