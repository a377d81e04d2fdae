"""Speed: our scoring path in each numeric path against what a user would run instead, in one run.

    python -m benchmarks.speed --items 20 --repeats 3 --threads 2          # -> benchmarks/results/speed/speed.{md,json}
    python -m benchmarks.speed --paths float32,int8,bfloat16 --llama-batch 8,16 --reasoning-items 3
    python -m benchmarks.speed --no-llama                                   # without the llama.cpp peer
    python -m benchmarks.speed --device cuda --paths bfloat16,float16 --no-llama   # benchmarks/gpu.sh
    python -m benchmarks.speed --profile 16                                 # where the time goes -> results/speed/speed_profile.txt
    python -m benchmarks.speed --tokens                                     # tokens per item only -> results/speed/tokens.{md,json}
    python -m benchmarks.speed --timings-from benchmarks/results/speed/speed.json --memory 10,200   # memory only

On answer_correctness benchmark items (``--items`` of them, spread over the file), every
system reads the same prompts (computed checks on), side by side, each repeat interleaving
all of them so that the machine's load hits each alike:

* naive (a)    - transformers, one item at a time, logits over the whole vocabulary at every position;
* generate (b) - transformers ``generate`` of one token, parsed (no probabilities);
* ours PATH bN - ``Engine.read`` in today's default settings (trained readout, checks,
                 calibration) at batch N, in each numeric path (float32 = today's default;
                 int8, bfloat16; ``dtype="auto"`` picks one per machine, marked);
* llama.cpp    - llama-cpp-python on the same Q4_K_M GGUF (``peers.py``): ``Llama.eval`` of
                 the whole prompt, and the C API with the prefix kept at batch 1 and batch N;
* reasoning-local at batch 1 on ``--reasoning-items`` items (it is slow);
* a dense matmul at the model's MLP shape in each path: the limit our needed FLOPs are
  measured against; tokens per item per evaluator; the CPU's flags and the load average.

Probability agreement (argmax and max |dp|) is measured with the raw readout, the LM
head's own level rows, which every peer also reads.  Held-out accuracy per path comes from
the committed ``python -m benchmarks.readouts.readout_eval --dtype PATH`` results.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import torch

from benchmarks.harness import RESULTS_DIR, add_model_flags
from jev_model.errors import JevError

from .flops import needed_flops, token_flops  # noqa: F401  (the FLOP count, tested)
from .report import table

RESULTS = RESULTS_DIR / "speed"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.speed", description=__doc__.split("\n")[0])
    add_model_flags(p)  # --dtype: the path for --memory and --profile
    p.add_argument("--paths", default="float32,int8,bfloat16",
                   help="numeric paths of ours to time side by side (float32 always; default float32,int8,bfloat16)")
    p.add_argument("--items", type=int, default=20, help="benchmark items per repeat (default 20)")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--threads", type=int, default=torch.get_num_threads(), help="torch and llama.cpp CPU threads")
    p.add_argument("--sweep", default="16", help="extra batch sizes of the auto path (default 16)")
    p.add_argument("--no-llama", dest="llama", action="store_false", help="leave out the llama.cpp peer")
    p.add_argument("--llama-batch", default="8", help="llama.cpp batch sizes besides 1 (default 8)")
    p.add_argument("--reasoning-items", type=int, default=3, help="reasoning-local items at batch 1 (0: none)")
    p.add_argument("--accuracy-dir", default=str(RESULTS_DIR / "readouts"),
                   help="where readout_eval_PATH.json results are read from (default benchmarks/results/readouts)")
    p.add_argument("--memory", default="", help="e.g. 10,10000: peak RSS of evaluate_many on that many items")
    p.add_argument("--out", default=str(RESULTS / "speed"), help="writes OUT.md and OUT.json")
    p.add_argument("--timings-from", help="reuse the timings of an earlier run's JSON (e.g. to add --memory)")
    p.add_argument("--tokens", action="store_true", help="instead: tokens per item per evaluator -> tokens.{md,json}")
    p.add_argument("--profile", type=int, help="instead: profile ours on this many items -> OUT_profile.txt")
    p.add_argument("--memory-child", type=int, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    from .memory import measure_memory, memory_child, profile
    from .run import run

    try:
        if args.memory_child:
            memory_child(args)
            return 0
        if args.tokens:
            from jev_model.core.engine import Engine

            from .report import tokens_table
            from .systems import tokens_per_evaluator

            engine = Engine.load(args.model, device=args.device, dtype="float32")
            report = {"model": engine.name, "tokens_per_evaluator": tokens_per_evaluator(engine)}
            text = "# Tokens the backbone reads per item\n\n`python -m benchmarks.speed --tokens`\n\n" + tokens_table(report)
            print(text)
            Path(args.out).with_name("tokens.md").write_text(text)
            Path(args.out).with_name("tokens.json").write_text(json.dumps(report, indent=1) + "\n")
            return 0
        if args.profile:
            text = profile(args)
            print(text)
            Path(args.out + "_profile.txt").write_text(text)
            return 0
        if args.timings_from:  # the held-out accuracies are read again: readout_eval may have run since
            from .run import accuracy

            report = json.loads(Path(args.timings_from).read_text())
            report["accuracy"] = accuracy(list(report["accuracy_paths"]), report["backbone"], report["device"],
                                          Path(args.accuracy_dir))
        else:
            report = run(args)
        if args.memory:
            report.setdefault("memory", {})[args.model] = measure_memory(args, [int(x) for x in args.memory.split(",")])
    except JevError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    text = table(report)
    print(text)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".md").write_text(text)
    out.with_suffix(".json").write_text(json.dumps(report, indent=1))
    return 0
