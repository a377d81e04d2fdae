"""The core engine's headline figures: load time, one answer_correctness call (median of
six after a first call that builds the rubric's KV cache), peak RSS, and the seed example's
probabilities with the raw and the shipped readouts.

    .venv/bin/python -m benchmarks.speed.core_figures
"""

from __future__ import annotations

import json
import resource
import statistics
import time
from benchmarks.harness import ROOT


def main() -> None:
    start = time.perf_counter()
    from jev_model.core.engine import Engine

    engine = Engine.load("default")
    load_s = time.perf_counter() - start
    seed = json.loads((ROOT / "examples" / "seed_request.json").read_text())
    fields = {k: v for k, v in seed.items() if k != "evaluators"}
    times = []
    for _ in range(7):
        t = time.perf_counter()
        result = engine.evaluate("answer_correctness", **fields)
        times.append(time.perf_counter() - t)
    raw = engine.settings.replace(readout="raw", calibration=False)
    right = engine.evaluate("answer_correctness", **{**fields, "output": "It expires on December 21, 2026."})
    print(json.dumps({
        "load_s": round(load_s, 2), "first_call_s": round(times[0], 3),
        "call_s_median": round(statistics.median(times[1:]), 3),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
        "seed_shipped_readout": result.to_dict(),
        "seed_raw_readout": engine.evaluate("answer_correctness", raw, **fields).to_dict(),
        "right_answer_shipped_readout": {"score": right.score, "probabilities": right.probabilities},
    }, indent=1))


if __name__ == "__main__":
    main()
