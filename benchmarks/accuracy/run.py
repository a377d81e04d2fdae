"""answer_correctness benchmark: the one-pass decision model against reasoning models on
arithmetic and date items (and general-knowledge controls).

Declared: items ``benchmarks/items/answer_correctness.jsonl`` (seeded, see
``tools/datagen/test_items.py``), systems under test (``benchmarks/accuracy/systems.py``),
metrics from ``jev_model.datasets.metrics``, parameters as flags.  Run from the repository root:

    # the committed full-size results (CPU, default model, raw readout), two processes:
    python -m benchmarks.accuracy.run --system decision --system decision-batch1 --raw-readout --threads 1 \
        --out benchmarks/results/accuracy/full
    python -m benchmarks.accuracy.run --system reasoning-local --threads 1 --max-new-tokens 96 \
        --reasoning-batch-size 16 --out benchmarks/results/accuracy/full
    # CI size (a few items per category), the harness check, an endpoint:
    python -m benchmarks.accuracy.run --smoke --system decision --system reasoning-local --system oracle
    python -m benchmarks.accuracy.run --system reasoning-endpoint --base-url http://127.0.0.1:8080/v1 \\
        --endpoint-model my-model --api-key-env MY_KEY
    # the report alone, from the records already in a run directory:
    python -m benchmarks.accuracy.run --report-only --out benchmarks/results/accuracy/full

Each system appends its per-item records to ``<out>/<system>.jsonl`` as they are computed
(flushed); a rerun skips the items already there, so an interrupted run resumes and never
loses finished items.  ``<out>/report.md`` (tables, settings, machine) and
``<out>/accuracy_latency.png`` are rewritten at the end.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

from benchmarks.harness import ITEMS_DIR, RESULTS_DIR, add_model_flags, fixed_order, machine, run_main
from jev_model.errors import JevError
from jev_model.datasets.jsonl import read_objects

from .report import read_records, write_report
from .systems import SYSTEMS, Config, parse_engine_opts

ITEMS = ITEMS_DIR / "answer_correctness.jsonl"
RESULTS = RESULTS_DIR / "accuracy"
CATEGORIES = ("date", "arithmetic", "control")
SMOKE_PER_CATEGORY = 4
ITEM_KEYS = {"id", "category", "subcategory", "input", "output", "expected", "gold", "why"}


def load_items(path: Path) -> list[dict]:
    """Read and validate the items; a bad line is an error naming the line."""
    items, seen = [], set()
    for n, it in read_objects(path):
        missing = ITEM_KEYS - set(it)
        if missing:
            raise JevError(f"{path}:{n}: item lacks {', '.join(sorted(missing))}")
        if it["category"] not in CATEGORIES:
            raise JevError(f"{path}:{n}: category {it['category']!r} is not one of {', '.join(CATEGORIES)}")
        if not isinstance(it["gold"], int) or not 0 <= it["gold"] <= 4:
            raise JevError(f"{path}:{n}: gold {it['gold']!r} is not a level 0-4")
        if it["id"] in seen:
            raise JevError(f"{path}:{n}: duplicate id {it['id']!r}")
        seen.add(it["id"])
        items.append(it)
    return items


def select(items: list[dict], categories: list[str] | None, smoke: bool, limit: int | None) -> list[dict]:
    """Filter by category; ``smoke``: a few items per category with as many gold levels as
    possible; ``limit``: the first N in the fixed order."""
    if categories:
        bad = [c for c in categories if c not in CATEGORIES]
        if bad:
            raise JevError(f"--categories {','.join(bad)}: choose from {', '.join(CATEGORIES)}")
        items = [it for it in items if it["category"] in categories]
    items = fixed_order(items)
    if smoke:
        picked = []
        for cat in CATEGORIES:
            pool = [it for it in items if it["category"] == cat]
            golds_seen = set()
            for it in pool:  # one per gold level first, then fill
                if it["gold"] not in golds_seen and len(golds_seen) < SMOKE_PER_CATEGORY:
                    golds_seen.add(it["gold"])
                    picked.append(it)
        items = fixed_order(picked)
    if limit is not None:
        items = items[:limit]
    return items


def check_settings(out: Path, system: str, settings: dict) -> None:
    """A resumed run must use the settings its records were made with."""
    path = out / "settings.json"
    saved = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    systems = saved.setdefault("systems", {})
    if system in systems and systems[system] != settings and (out / f"{system}.jsonl").exists():
        raise JevError(f"{out}/{system}.jsonl was made with {systems[system]}, not {settings}; "
                       f"use another --out or delete that file")
    systems[system] = settings
    path.write_text(json.dumps(saved, indent=1) + "\n", encoding="utf-8")


def run_system(name: str, cfg: Config, items: list[dict], out: Path, engines: dict) -> None:
    """Append one record per item not yet done, flushed as each batch finishes."""
    from tqdm import tqdm

    path = out / f"{name}.jsonl"
    check_settings(out, name, cfg.for_system(name))
    if path.exists():  # a killed run may have left half a line: cut it, the item is redone
        text = path.read_text(encoding="utf-8")
        if text and not text.endswith("\n"):
            path.write_text(text[: text.rfind("\n") + 1], encoding="utf-8")
    done = {r["id"] for r in read_records(path)}
    todo = [it for it in items if it["id"] not in done]
    print(f"{name}: {len(items) - len(todo)} of {len(items)} items already done", file=sys.stderr)
    if not todo:
        return
    cls = SYSTEMS[name]
    if name in ("decision", "decision-batch1", "reasoning-local"):  # one loaded model per directory
        model = cfg.reasoning_model if name == "reasoning-local" and cfg.reasoning_model else cfg.model
        key = (model, name == "reasoning-local")
        if key not in engines:
            from .systems import load_engine

            same = [e for (m, _), e in engines.items() if m == model]
            # the reasoning system generates with the LM head; the engine options only change readouts
            engines[key] = same[0] if same and not cfg.engine_opts else load_engine(cfg, model)
        system = cls(cfg, engines[key])
    else:
        system = cls(cfg)
    with path.open("a", encoding="utf-8") as f, tqdm(total=len(todo), desc=name, file=sys.stderr) as bar:
        pos = 0
        for records in system.run(todo):
            for rec in records:
                it = todo[pos]
                pos += 1
                meta = {"id": it["id"], "category": it["category"], "subcategory": it["subcategory"],
                        "gold": it["gold"], "system": name}
                f.write(json.dumps({**meta, **rec}, ensure_ascii=False) + "\n")
            f.flush()
            bar.update(len(records))


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.accuracy.run", description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--system", action="append", choices=sorted(SYSTEMS), help="system under test (repeatable)")
    ap.add_argument("--items", type=Path, default=ITEMS)
    ap.add_argument("--out", type=Path, help="run directory (default benchmarks/results/accuracy/smoke or .../run)")
    ap.add_argument("--smoke", action="store_true", help=f"{SMOKE_PER_CATEGORY} items per category (CI size)")
    ap.add_argument("--limit", type=int, help="the first N items in the fixed order")
    ap.add_argument("--categories", help="comma-separated: " + ",".join(CATEGORIES))
    ap.add_argument("--report-only", action="store_true", help="only rewrite the report from the records")
    g = ap.add_argument_group("local model (decision, decision-batch1, reasoning-local)")
    add_model_flags(g)
    g.add_argument("--threads", type=int, help="torch CPU threads (1 is fastest on a crowded CPU)")
    g.add_argument("--raw-readout", action="store_true", help="the LM head's own level rows, never a trained readout")
    g.add_argument("--engine-opt", action="append", default=[], metavar="KEY=VALUE",
                   help="an Engine.load option passed through, e.g. checks=false (repeatable)")
    g.add_argument("--batch-size", type=int, default=8, help="decision: items per forward pass")
    g.add_argument("--batch1-items", type=int, default=24, help="decision-batch1: how many items (a latency subset)")
    g.add_argument("--reasoning-model", help="reasoning-local: another local model directory")
    g.add_argument("--max-new-tokens", type=int, default=96, help="reasoning-local: generation budget")
    g.add_argument("--reasoning-batch-size", type=int, default=16, help="reasoning-local: rows generated together")
    g = ap.add_argument_group("reasoning-endpoint (an OpenAI-compatible chat endpoint)")
    g.add_argument("--base-url", help="e.g. http://127.0.0.1:8080/v1")
    g.add_argument("--endpoint-model", help="the model name the endpoint serves")
    g.add_argument("--api-key-env", help="environment variable holding the API key (if any)")
    g.add_argument("--endpoint-max-tokens", type=int, default=1024)
    g.add_argument("--timeout", type=float, default=120.0, help="seconds per endpoint request")
    return ap


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return run_main(lambda a: _main(a, argv), args, lambda _: None)


def _main(args, argv) -> int:
    out = args.out or RESULTS / ("smoke" if args.smoke else "run")
    out.mkdir(parents=True, exist_ok=True)
    systems = args.system or []
    if not args.report_only:
        if not systems:
            raise JevError("choose at least one --system: " + ", ".join(sorted(SYSTEMS)))
        for name, value in (("--batch-size", args.batch_size), ("--max-new-tokens", args.max_new_tokens),
                            ("--reasoning-batch-size", args.reasoning_batch_size)):
            if value < 1:
                raise JevError(f"{name} {value}: must be at least 1")
        if args.threads is not None:
            import torch

            torch.set_num_threads(args.threads)
        cfg = Config(model=args.model, device=args.device, dtype=args.dtype, raw_readout=args.raw_readout,
                     engine_opts=parse_engine_opts(args.engine_opt), batch_size=args.batch_size,
                     reasoning_model=args.reasoning_model, max_new_tokens=args.max_new_tokens,
                     reasoning_batch_size=args.reasoning_batch_size, base_url=args.base_url,
                     endpoint_model=args.endpoint_model, api_key_env=args.api_key_env,
                     endpoint_max_tokens=args.endpoint_max_tokens, timeout_s=args.timeout)
        categories = args.categories.split(",") if args.categories else None
        items = select(load_items(args.items), categories, args.smoke, args.limit)
        run_meta = {"items_file": str(args.items), "items": len(items), "smoke": args.smoke, "limit": args.limit,
                    "categories": categories, "threads": args.threads, "argv": argv if argv is not None else sys.argv[1:]}
        engines: dict = {}
        for name in systems:
            subset = items[: args.batch1_items] if name == "decision-batch1" else items
            run_system(name, cfg, subset, out, engines)
            _note_run(out, name, run_meta, engines)
    print(write_report(out), file=sys.stderr)
    return 0


def _note_run(out: Path, system: str, meta: dict, engines: dict) -> None:
    """Record the run's flags and the machine beside the system's settings."""
    path = out / "settings.json"
    saved = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    dtypes = {e.describe()["dtype"] for e in engines.values()}
    saved.setdefault("runs", {})[system] = {**meta, "machine": machine(), "dtype": sorted(dtypes)}
    path.write_text(json.dumps(saved, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
