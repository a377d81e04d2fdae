#!/usr/bin/env bash
# One-time setup: a virtual environment in .venv, torch, jev-model with its extras, and the
# default model converted into $JEV_HOME/models/ (default ~/.cache/jev-model; about 2-4 minutes on 2 CPU cores).
#
#   bash scripts/setup.sh                 # CPU: torch 2.13.0 (the CPU build this kind of machine carries)
#   TORCH_SPEC=torch bash scripts/setup.sh  # a GPU box: let pip take the CUDA build for your driver
#   JEV_EXTRAS=dev bash scripts/setup.sh    # fewer extras (autoevals, strands, inspect, mlflow: the adapters and their tests; ray: jev score --ray)
#   deepeval, ragas: their pins (rich<15, click<8.4) clash with strands; scripts/frameworks_check.sh gives them .venv-frameworks
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
TORCH_SPEC=${TORCH_SPEC:-torch==2.13.0}
JEV_EXTRAS=${JEV_EXTRAS:-prepare,report,dev,bench,server,test,autoevals,strands,ray,inspect,mlflow}

[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
# torch first, pinned, so that nothing later pulls a multi-GB CUDA build by accident
.venv/bin/python -m pip install -q ${TORCH_PIP_ARGS:-} "$TORCH_SPEC"
.venv/bin/python -m pip install -q -e ".[${JEV_EXTRAS}]"
.venv/bin/jev weights prepare gemma-3-270m
echo "ready: .venv/bin/jev evaluate examples/seed_request.json"
