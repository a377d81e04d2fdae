"""How deep a trained readout reads: one readout fitted per decoder depth with ``jev train``'s
own path (only ``TrainConfig.depth`` differs), the depth picked on VALIDATION alone, then a
held-out gate: the picked readout is kept only if its exact-level accuracy on each held-out
test set is within a tolerance of the full-depth readout's.  ``jev train --depth best`` and
the depth-sweep benchmark both run this.

    tests = load_test_sets(["benchmarks/items/answer_correctness.jsonl"])
    sweep = sweep_depths(engine, rubric, items, cfg, [1, 2, 4, 18], tests, data_sha256=sha, data_files=files)
    depth, why_not = sweep.choose(tolerance=0.01)   # why_not: None, or why the picked depth was refused
    readout, manifest = sweep.fitted[depth]

The hidden states of every depth come from ONE full forward pass per item (``fill_caches``
over ``Engine.hidden_layers``), cached on disk, so a rerun costs no forward pass.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass, field
from pathlib import Path

from jev_model.core.rubric import Rubric
from jev_model.errors import JevError
from jev_model.fitting.hidden import HiddenCache, fill_caches, hidden_cache_dir
from jev_model.fitting.train import TrainConfig, gold_index, prepare_items, select_items, train_readout

log = logging.getLogger("jev.fitting")
KEYS = ("items", "exact_accuracy", "pass_agreement", "mae", "ece")


@dataclass(frozen=True)
class TestSet:
    """Held-out items with gold levels, never trained on; ``group``: the field its per-group
    figures are split by (None: "all" only)."""

    name: str
    items: list = field(repr=False)
    path: str = ""
    group: str | None = "category"


def load_test_sets(paths: list[str], names: list[str] | None = None) -> list[TestSet]:
    """One ``TestSet`` per JSONL file, named by its stem unless ``names`` are given."""
    from jev_model.fitting.dedupe import load_jsonl

    sets = []
    for n, path in enumerate(paths):
        if not Path(path).is_file():
            raise JevError(f"held-out test items {path}: no such file")
        sets.append(TestSet(names[n] if names else Path(path).stem, load_jsonl(Path(path)), str(path)))
    if len({s.name for s in sets}) != len(sets):
        raise JevError(f"held-out test sets need distinct names: {', '.join(s.name for s in sets)}")
    return sets


def records_of(engine, rubric: Rubric, readout, test: TestSet, requests: list, h) -> list[dict]:
    """One record per item: the engine's last step over its stored state ``h`` [N, d] with
    ``readout``, beside the gold level, its pass, the item's group and split."""
    from jev_model.core.result import gold_passes

    gold = [gold_index(rubric, it, f"{test.name} item {i + 1}") for i, it in enumerate(test.items)]
    results = engine.results([dataclasses.replace(r, readout=readout) for r in requests], h)
    return [dict(r.to_dict(), gold=g, gold_passed=gold_passes(rubric, g),
                 group=it.get(test.group, "") if test.group else "", split=it.get("split", ""))
            for r, g, it in zip(results, gold, test.items)]


def summary(records: list[dict]) -> dict:
    """``{"all" | group | split: {items, exact_accuracy, pass_agreement, mae, ece}}``."""
    from jev_model.datasets.metrics import summarize

    rows = {"all": records}
    for r in records:
        for name in (r["group"], r["split"] if r["split"] in ("in_template", "phrasing_shift") else ""):
            if name:
                rows.setdefault(name, []).append(r)
    return {name: {k: summarize(recs).get(k) for k in KEYS} for name, recs in rows.items()}


def best_depth(rows: list[dict]) -> int:
    """The depth kept, chosen on the VALIDATION split only (templates held out of the fit,
    never the test items): the highest validation exact accuracy, then pass agreement, then
    the shallower depth (the cheaper forward pass)."""
    top = max(rows, key=lambda r: (r["validation"]["exact_accuracy"], r["validation"]["pass_agreement"], -r["depth"]))
    return top["depth"]


def held_out_gate(rows: list[dict], depth: int, layers: int, tests: list[str], tolerance: float) -> str | None:
    """Why the readout picked at ``depth`` must not be kept, or None: its held-out exact
    accuracy on every test set must be within ``tolerance`` of the full-depth readout's (the
    gate a speed path has to pass; the choice itself was made on validation)."""
    full = next((row for row in rows if row["depth"] == layers), None)
    if full is None:
        return f"the full depth ({layers}) was not swept, so the held-out gate cannot be checked"
    row = next(row for row in rows if row["depth"] == depth)
    short = [f"{name} {row[name]['all']['exact_accuracy']:.3f} against {full[name]['all']['exact_accuracy']:.3f}"
             for name in tests if row[name]["all"]["exact_accuracy"] < full[name]["all"]["exact_accuracy"] - tolerance]
    return (f"depth {depth} (best on validation) is more than {tolerance} below the full depth on held-out exact: "
            + "; ".join(short)) if short else None


@dataclass
class Sweep:
    """Readouts fitted per depth and their figures: ``rows`` (one per depth: ``depth``,
    ``forward_share``, ``readout`` id, ``chosen_l2``, ``validation`` and, per test set, its
    ``summary``) and ``fitted`` ({depth: (readout, manifest)}); depths count layers, the
    backbone's ``layers`` being the whole depth."""

    layers: int
    tests: list[TestSet]
    training_items: int
    rows: list[dict] = field(default_factory=list)
    fitted: dict = field(default_factory=dict)
    baseline: dict | None = None  # a readout measured beside the sweep: readout, depth and per test set its summary

    def choose(self, tolerance: float) -> tuple[int, str | None]:
        """(the depth picked on validation, why the held-out gate refuses it or None; the full
        depth is the gate's reference and always passes)."""
        pick = best_depth(self.rows)
        if pick == self.layers:
            return pick, None
        return pick, held_out_gate(self.rows, pick, self.layers, [t.name for t in self.tests], tolerance)

    def record(self, picked: int, kept: int, refused: str | None, tolerance: float) -> dict:
        """What the manifest of the kept readout says about how its depth was chosen."""
        return {"depths": [r["depth"] for r in self.rows], "picked_on_validation": picked, "kept": kept,
                "refused": refused, "tolerance": tolerance,
                "held_out": [{"name": t.name, "file": t.path, "items": len(t.items)} for t in self.tests],
                "rows": [{"depth": r["depth"], "readout": r["readout"], "validation": r["validation"],
                          **{t.name: r[t.name]["all"] for t in self.tests}} for r in self.rows]}


def sweep_depths(engine, rubric: Rubric, items: list[dict], cfg: TrainConfig, depths: list[int],
                 tests: list[TestSet], *, data_sha256: str, data_files: list[str],
                 cache_dir: Path | None = None, baseline=None) -> Sweep:
    """Fit one readout per depth in ``depths`` (layer counts; the backbone's layer count is the
    whole depth) with ``train_readout`` and measure each on ``tests``; ``baseline`` (a readout,
    e.g. the shipped one) is measured on the same items from the same pass (``Sweep.baseline``)."""
    layers = engine.layer_count
    if not depths or min(depths) < 1 or max(depths) > layers:
        raise JevError(f"depths {','.join(map(str, depths))}: {engine.name} has decoder layers 1..{layers}")
    depths = sorted(set(depths))
    keys = [None if d == layers else d for d in depths]
    base_key = None if baseline is None or baseline.depth in (None, layers) else baseline.depth
    cache_dir = cache_dir or hidden_cache_dir()
    caches = [HiddenCache.for_engine(engine, d, cache_dir) for d in dict.fromkeys(keys + [base_key])]
    chosen, _, _ = select_items(rubric, items, cfg)
    log.info("training items: %d (of %d)", len(chosen), len(items))
    fill_caches(caches, engine, prepare_items(engine, rubric, chosen, "training data"), cfg.batch_size)
    measured = []
    for test in tests:
        requests = prepare_items(engine, rubric, test.items, test.path or test.name)
        states = fill_caches(caches, engine, requests, cfg.batch_size)  # one pass: [N, d] after each depth
        measured.append((test, requests, {c.depth: h for c, h in zip(caches, states)}))

    sweep = Sweep(layers, tests, len(chosen))
    if baseline is not None:
        sweep.baseline = {"readout": baseline.name, "depth": baseline.depth or layers}
        for test, requests, states in measured:
            sweep.baseline[test.name] = summary(records_of(engine, rubric, baseline, test, requests, states[base_key]))
    for depth, key in zip(depths, keys):
        readout, manifest = train_readout(engine, rubric, items, dataclasses.replace(cfg, depth=key),
                                          data_sha256=data_sha256, data_files=data_files, cache_dir=cache_dir)
        row = {"depth": depth, "forward_share": round(depth / layers, 3), "readout": manifest["id"],
               "chosen_l2": manifest["hyperparameters"]["chosen_l2"], "validation": {
                   k: manifest["validation"].get(k) for k in ("exact_accuracy", "pass_agreement")}}
        for test, requests, states in measured:
            row[test.name] = summary(records_of(engine, rubric, readout, test, requests, states[key]))
        sweep.rows.append(row)
        sweep.fitted[depth] = (readout, manifest)
        log.info("depth %2d: validation %.3f  %s", depth, row["validation"]["exact_accuracy"],
                 "  ".join(f"{t.name} {row[t.name]['all']['exact_accuracy']:.3f}" for t in tests))
    return sweep
