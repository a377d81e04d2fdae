#!/usr/bin/env bash
# On a CUDA machine, in a few minutes: held-out accuracy of the shipped readout and the speed
# benchmark in bfloat16 and float16 (float32 beside them), results in benchmarks/results/gpu/.
#
#   bash benchmarks/gpu.sh                 # after `TORCH_SPEC=torch bash scripts/setup.sh`
#   PYTHON=python OUT=/tmp/gpu bash benchmarks/gpu.sh
#
# Steps (each prints its table): the GPU's name; readout_eval in float32, bfloat16, float16
# (406 test items each, seconds on a GPU); the speed run on 64 items, 3 repeats, batch 8/32/64,
# naive and generate beside ours, reasoning-local at batch 1 on 3 items (no llama.cpp: its peer
# is the CPU build).  Exits non-zero at the first step that fails.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
OUT=${OUT:-benchmarks/results/gpu}
mkdir -p "$OUT"
"$PY" -c "import torch, sys; sys.exit(0 if torch.cuda.is_available() else 'no CUDA device: torch ' + torch.__version__)"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee "$OUT/gpu.txt"
"$PY" -m jev_model weights prepare gemma-3-270m >/dev/null
for dtype in float32 bfloat16 float16; do
  "$PY" -m benchmarks.readouts.readout_eval --device cuda --dtype "$dtype" --batch-size 32 \
      --cache-dir "$OUT/hidden" --out "$OUT/readout_eval_$dtype"
done
"$PY" -m benchmarks.speed --device cuda --paths float32,bfloat16,float16 --no-llama --items 64 --repeats 3 \
    --sweep 32,64 --reasoning-items 3 --accuracy-dir "$OUT" --out "$OUT/speed"
echo "results in $OUT: speed.md, readout_eval_*.md"
