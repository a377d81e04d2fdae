"""``jev train``: fit a trained readout - the level tokens' rows of the LM head, plus a bias -
on labelled items, with the backbone frozen.

    jev train data/answer_correctness.jsonl                      # default model
    jev train DATA.jsonl --model smollm2-135m-instruct --evaluator answer_correctness
    jev train DATA.jsonl --device cuda --l2 0.03,0.3,3 --out /tmp/readout.safetensors
    jev train DATA.jsonl --depth best                 # a readout per depth, the best on validation (fitting.depth)

How (one readable path, ``train_readout``):

1. every item is rendered exactly as the engine renders it (``Engine.prepare``, with the
   computed checks line when checks are on, and tokenized there: the request carries its ids);
2. the frozen backbone runs once per item (batched) and the last-position hidden state is
   cached on disk, keyed by backbone, dtype, depth and the hash of the token ids, so re-runs and
   hyper-parameter sweeps cost no forward pass (``jev_model.fitting.hidden.HiddenCache``);
3. items whose normalised input or (input, output, expected) matches one of the held-out
   TEST items (``TrainConfig.test_items``, files the caller names) are dropped
   (``jev_model.fitting.dedupe.dedupe``); the rest are split by
   question template (``template``, else the normalised input) into train and validation,
   so validation measures phrasings the readout was not fitted on;
4. the rows ``W = W0 + D / sigma``, a bias ``b`` and - with the computed checks on - the
   weights ``W_f`` over the check features (``jev_model.checks.FEATURE_NAMES``, so the
   logits are ``W h + W_f f + b``: the readout reads the evidence explicitly beside the
   hidden state) are fitted by cross-entropy on the train
   split (plus, for rubrics passed by score, a term on the pass decision: ``Objective``),
   starting from the LM head's own rows ``W0``; the penalty ``l2 * |D|^2`` pulls them
   back toward ``W0`` (sigma, the per-dimension spread of the hidden states, only makes the
   step sizes and ``l2`` independent of the backbone's scale).  Full-batch Adam with early
   stopping on the validation loss; each ``--l2`` value is tried and the best kept;
5. a temperature is fitted on the validation split (grid over log T); the validation
   metrics (exact-level accuracy, MAE, pass agreement, ECE, Brier, NLL) are computed with
   the rows as the engine will apply them, and saved in the manifest.

The result is ``<readouts>/<backbone>/<evaluator>.safetensors`` (``weight`` [L, d], ``bias``
[L], ``feature_weight`` [L, F]; ``<readouts>`` is ``$JEV_HOME/readouts`` or ``--out-dir``,
``jev_model/readouts`` for the shipped ones) and a ``.json`` manifest beside it (with the
feature names); the engine's ``Binder`` finds it for that backbone and evaluator and each
result says ``readout: "trained:<id>"``.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path

import torch

from jev_model.checks import FEATURE_NAMES, LINE_VERSION
from jev_model.checks.features import BASE_FEATURES
from jev_model.errors import JevError
from jev_model.fitting.temperature import fit_temperature
from jev_model.core.questions import question_rubric
from jev_model.core.readout import Readout
from jev_model.core.rubric import Rubric
from jev_model.core.result import gold_index as level_of
from jev_model.fitting.hidden import HiddenCache


DEFAULT_L2 = (1.0, 3.0, 10.0, 30.0, 100.0)


@dataclass
class TrainConfig:
    """Everything that decides a trained readout (saved in its manifest)."""

    val_fraction: float = 0.25
    l2: tuple[float, ...] = DEFAULT_L2
    lr: float = 0.005
    max_steps: int = 3000
    patience: int = 200  # steps without a better validation loss before stopping
    pass_weight: float = 0.3  # weight of the pass/fail term (rubrics passed by score; 0 = cross-entropy only)
    eval_every: int = 5
    seed: int = 0
    batch_size: int = 8
    dedupe_against_tests: bool = True
    test_items: tuple[str, ...] = ()  # JSONL files of held-out test items kept out of training (the caller's)
    features: bool = True  # read the check features beside the hidden state (when checks are on)
    feature_l2: float = 0.1  # penalty on the feature weights (features are in [0, 1])
    feature_lr: float = 0.05  # their step size: they start at zero and need to reach a few units
    per_category: int | None = None  # train on a seeded sample of at most this many items per category
    depth: int | None = None  # read the hidden state after this many decoder layers (None: all); the forward stops there

    def to_dict(self) -> dict:
        d = asdict(self)
        d["l2"] = list(self.l2)
        d.pop("test_items")  # where the test items are is not part of the recipe
        if self.depth is None:  # readouts of the whole depth keep the ids they had before the field
            d.pop("depth")
        return d


# -- labels ---------------------------------------------------------------------------------
def gold_index(rubric: Rubric, item: dict, where: str) -> int:
    """The gold level of a training item as an index (``jev_model.core.result.gold_index``)."""
    if item.get("gold") is None:
        n = len(rubric.levels)
        raise JevError(f"{where}: 'gold' is missing (give a level index 0-{n - 1}, a level token or name)")
    try:
        return level_of(rubric, item["gold"])
    except JevError as exc:
        raise JevError(f"{where}: {exc}") from None


def split_key(item: dict) -> str:
    from jev_model.fitting.dedupe import normalise

    return str(item.get("template") or normalise(item.get("input", "")))


def split_items(items: list[dict], val_fraction: float, seed: int) -> tuple[list[int], list[int]]:
    """Indices of train and validation items.  Whole templates go to one side, and within
    each category templates (in a seeded order) go to validation until it holds about
    ``val_fraction`` of that category's items."""
    groups: dict[str, dict[str, list[int]]] = {}
    for i, it in enumerate(items):
        groups.setdefault(str(it.get("category", "")), {}).setdefault(split_key(it), []).append(i)
    train, val = [], []
    for templates in groups.values():
        total = sum(len(v) for v in templates.values())
        order = sorted(templates, key=lambda k: hashlib.sha256(f"{seed}|{k}".encode()).hexdigest())
        taken = 0
        for k in order:
            if taken + len(templates[k]) / 2 <= val_fraction * total:
                val += templates[k]
                taken += len(templates[k])
            else:
                train += templates[k]
    if not train or not val:
        raise JevError(f"the split left {len(train)} train and {len(val)} validation items; "
                       "give more items (or templates), or change --val-fraction")
    return sorted(train), sorted(val)


def prepare_items(engine, rubric: Rubric, items: list[dict], where: str) -> list:
    """Each item as the engine prepares it: a ReadRequest (prompt with the checks line, and
    the check features).  For a typed question's rubric (``noul``), an item is ``{"state",
    "question", "gold"}`` and is planned as the server plans it, read once as sent."""
    if question_rubric(rubric.name) is not None:
        return _question_requests(engine, rubric, items, where)
    bound = engine.bind(rubric)
    out = []
    for n, fields in enumerate(items):
        try:
            out.append(engine.prepare(bound.rubric, fields))
        except JevError as exc:
            raise JevError(f"{where} item {n + 1}: {exc}") from None
    return out


def _check_question_item(rubric: Rubric, item: dict, where: str) -> None:
    question = item.get("question")
    if not isinstance(question, dict) or question.get("type") != rubric.name or "state" not in item:
        raise JevError(f"{where}: a {rubric.name} item needs 'state' and 'question' (a {rubric.name} question object)")


def _question_requests(engine, rubric: Rubric, items: list[dict], where: str) -> list:
    from jev_model.core import system_one

    settings = engine.settings.replace(readout="raw", option_orders=1, context_prior="off")
    out = []
    for n, item in enumerate(items):
        _check_question_item(rubric, item, f"{where} item {n + 1}")
        try:
            parsed = system_one.parse({"q": item["question"]}, engine.label_pool)
            out.append(system_one.plan_parsed(engine, item["state"], parsed, settings).requests[0])
        except JevError as exc:
            raise JevError(f"{where} item {n + 1}: {exc}") from None
    return out


def encode_items(engine, rubric: Rubric, items: list[dict], where: str) -> list[tuple[list[int], list[int]]]:
    """Each item rendered as the engine renders it (checks included) and tokenized into
    (prefix ids, suffix ids): the ids its prepared request carries."""
    return [(list(r.prefix_ids), list(r.suffix_ids)) for r in prepare_items(engine, rubric, items, where)]


def feature_matrix(requests: list) -> torch.Tensor:
    """``[N, F]`` check features of prepared requests (zeros where checks were off)."""
    return torch.tensor([r.features or (0.0,) * len(FEATURE_NAMES) for r in requests], dtype=torch.float32)


def sample_per_category(items: list[dict], per_category: int | None, seed: int) -> list[dict]:
    """At most ``per_category`` items of each category (seeded), in file order.

    >>> len(sample_per_category([{"category": "a"}] * 5 + [{"category": "b"}], 2, 0))
    3
    """
    if not per_category:
        return items
    import random

    by_cat: dict[str, list[int]] = {}
    for i, it in enumerate(items):
        by_cat.setdefault(str(it.get("category", "")), []).append(i)
    rng = random.Random(seed)
    keep = sorted(i for idx in by_cat.values() for i in (rng.sample(idx, per_category) if len(idx) > per_category else idx))
    return [items[i] for i in keep]


# -- fitting ----------------------------------------------------------------------------------
def apply_rows(h: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, temperature: float,
               cap: float | None, feature_weight: torch.Tensor | None = None,
               f: torch.Tensor | None = None) -> torch.Tensor:
    """Level logits exactly as the engine computes them: ``Readout.level_logits``."""
    readout = Readout(weight=weight, bias=bias, temperature=temperature, is_raw=False, feature_weight=feature_weight)
    return readout.level_logits(h, cap, f)  # [N, L]


@dataclass
class Fit:
    weight: torch.Tensor
    bias: torch.Tensor
    feature_weight: torch.Tensor | None
    l2: float
    steps: int
    val_loss: float
    history: list = field(default_factory=list)


@dataclass
class Objective:
    """Cross-entropy on the gold level, plus (for rubrics passed by score) a binary
    cross-entropy on the pass decision the user sees: ``passed`` is ``score >= threshold``
    with score = sum p * value, so a level-3 answer read as 0.97 "3" and 0.03 "0" fails
    (E[level] 2.91 < 3).  The term, a sigmoid of (score - threshold) / ``PASS_SOFTNESS``
    against the gold level's own pass, teaches the rows to put their doubt on the side of
    the gold pass.  ``values`` are the levels' score values (graded: i / top)."""

    values: torch.Tensor | None = None  # [L]
    threshold: float = 0.75
    weight: float = 0.0

    @classmethod
    def for_rubric(cls, rubric: Rubric, weight: float) -> "Objective":
        if rubric.pass_rule != "score" or weight <= 0:
            return cls()
        if rubric.kind == "graded":
            top = len(rubric.levels) - 1
            values = torch.tensor([i / top for i in range(len(rubric.levels))])
        else:
            values = torch.tensor([float(lv.value) for lv in rubric.levels])
        return cls(values=values, threshold=rubric.pass_threshold, weight=weight)

    def __call__(self, logits: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        loss = torch.nn.functional.cross_entropy(logits, y)
        if self.values is None:
            return loss
        score = torch.softmax(logits, -1) @ self.values  # [N]
        gold_pass = (self.values[y] >= self.threshold - 1e-9).float()
        margin = (score - self.threshold) / PASS_SOFTNESS
        return loss + self.weight * torch.nn.functional.binary_cross_entropy_with_logits(margin, gold_pass)


PASS_SOFTNESS = 0.05  # in score units: 0.2 of a level on a 0-4 scale


def fit_rows(h_tr, y_tr, h_val, y_val, w0: torch.Tensor, l2: float, cfg: TrainConfig,
             softcap: float | None, objective: Objective | None = None,
             f_tr: torch.Tensor | None = None, f_val: torch.Tensor | None = None) -> Fit:
    """The objective on the train split, penalty toward W0, early stopping on validation.
    With check features (``f_tr [N, F]``), their weights ``W_f [L, F]`` are fitted too,
    from zero, with their own step size and a small penalty."""
    objective = objective or Objective()
    torch.manual_seed(cfg.seed)
    sigma = h_tr.std(0).clamp_min(1e-3)  # [d]
    delta = torch.zeros_like(w0, requires_grad=True)  # [L, d]
    bias = torch.zeros(w0.shape[0], requires_grad=True)  # [L]
    groups = [{"params": [delta, bias], "lr": cfg.lr}]
    wf = None
    if f_tr is not None:
        wf = torch.zeros(w0.shape[0], f_tr.shape[1], requires_grad=True)  # [L, F]
        groups.append({"params": [wf], "lr": cfg.feature_lr})
    opt = torch.optim.Adam(groups)

    def rows():
        return w0 + delta / sigma

    def penalty():
        extra = cfg.feature_l2 * wf.pow(2).sum() if wf is not None else 0.0
        return (l2 * delta.pow(2).sum() + extra) / len(y_tr)

    best = (math.inf, 0, w0.clone(), bias.detach().clone(), None if wf is None else wf.detach().clone())
    history = []
    for step in range(1, cfg.max_steps + 1):
        opt.zero_grad()
        loss = objective(apply_rows(h_tr, rows(), bias, 1.0, softcap, wf, f_tr), y_tr) + penalty()
        loss.backward()
        opt.step()
        if step % cfg.eval_every == 0:
            with torch.no_grad():
                val = float(objective(apply_rows(h_val, rows(), bias, 1.0, softcap, wf, f_val), y_val))
            history.append((step, round(float(loss.detach()), 5), round(val, 5)))
            if val < best[0] - 1e-5:
                best = (val, step, rows().detach().clone(), bias.detach().clone(),
                        None if wf is None else wf.detach().clone())
            elif step - best[1] >= cfg.patience:
                break
    return Fit(weight=best[2], bias=best[3], feature_weight=best[4], l2=l2, steps=best[1], val_loss=best[0],
               history=history)


def metrics_for(rubric: Rubric, logits: torch.Tensor, gold: list[int], items: list[dict] | None = None) -> dict:
    """The shared metrics (jev_model.datasets.metrics.summarize) over results built as the engine builds them."""
    from jev_model.datasets.metrics import summarize
    from jev_model.core.result import build_result, gold_passes

    probs = torch.softmax(logits.float(), -1)
    records = [dict(build_result(rubric, p.tolist()).to_dict(), gold=g, gold_passed=gold_passes(rubric, g))
               for p, g in zip(probs, gold)]
    out = summarize(records)
    out["nll"] = float(torch.nn.functional.cross_entropy(logits.float(), torch.tensor(gold)))
    if items is not None and any("category" in it for it in items):
        cats = sorted({it.get("category", "") for it in items})
        out["by_category"] = {c: summarize([r for r, it in zip(records, items) if it.get("category", "") == c])
                              for c in cats}
    return out


# -- the whole path ---------------------------------------------------------------------------
def select_items(rubric: Rubric, items: list[dict], cfg: TrainConfig) -> tuple[list[dict], list[int], int]:
    """The items a readout is fitted on, their gold level indices and how many were dropped as
    duplicates of a benchmark test item (step 3), then the per-category sample."""
    from jev_model.fitting.dedupe import dedupe, load_test_items

    gold = [gold_index(rubric, it, f"item {n + 1} ({it.get('id', 'no id')})") for n, it in enumerate(items)]
    if question_rubric(rubric.name) is not None:
        for n, it in enumerate(items):
            _check_question_item(rubric, it, f"item {n + 1}")
    dropped = 0
    if cfg.dedupe_against_tests:
        tests = load_test_items(cfg.test_items)
        kept, gone = dedupe(items, tests, rubric.fields)
        dropped = len(gone)
        keep_ids = {id(it) for it in kept}
        gold = [g for g, it in zip(gold, items) if id(it) in keep_ids]
        items = kept
    if cfg.per_category:
        sampled = {id(it) for it in sample_per_category(items, cfg.per_category, cfg.seed)}
        gold = [g for g, it in zip(gold, items) if id(it) in sampled]
        items = [it for it in items if id(it) in sampled]
    return items, gold, dropped


def train_readout(engine, rubric: Rubric, items: list[dict], cfg: TrainConfig, *, data_sha256: str,
                  data_files: list[str], cache_dir: Path | None = None) -> tuple[Readout, dict]:
    """Fit a trained readout for ``rubric`` on ``engine``'s backbone; returns it and its manifest."""
    items, gold, dropped = select_items(rubric, items, cfg)
    tr, val = split_items(items, cfg.val_fraction, cfg.seed)

    requests = prepare_items(engine, rubric, items, "training data")  # each carries its token ids
    h = HiddenCache.for_engine(engine, cfg.depth, cache_dir).hidden(engine, requests, cfg.batch_size)  # [N, d]
    y = torch.tensor(gold)
    h_tr, y_tr, h_val, y_val = h[tr], y[tr], h[val], y[val]
    checks = bool(engine.settings.checks and rubric.checks)
    meaning = checks and engine.settings.meaning == "on"  # fitted with the evidence of meaning (line version 3)
    names = FEATURE_NAMES if meaning else BASE_FEATURES  # without it: the features and line version 2 read before
    if rubric.grounding:  # a RAG rubric reads the grounding evidence's features instead (checks/grounding.py)
        from jev_model.checks.grounding import GROUNDING_FEATURES

        names = GROUNDING_FEATURES
    f = feature_matrix(requests)[:, : len(names)] if cfg.features and checks else None  # [N, F]
    f_tr, f_val = (None, None) if f is None else (f[tr], f[val])

    bound = engine.bind(rubric)
    w0 = engine.lm.head[bound.token_ids].detach().float().cpu()  # [L, d] the LM head's own rows
    softcap = engine.lm.softcap
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # [N, d] x [d, L] is tiny: threads only wait for each other
    try:
        objective = Objective.for_rubric(rubric, cfg.pass_weight)
        fits = [fit_rows(h_tr, y_tr, h_val, y_val, w0, l2, cfg, softcap, objective, f_tr, f_val) for l2 in cfg.l2]
        best = min(fits, key=lambda fit: fit.val_loss)
        with torch.no_grad():  # the one temperature fit (jev calibrate's), on validation
            val_probs = torch.softmax(apply_rows(h_val, best.weight, best.bias, 1.0, softcap, best.feature_weight,
                                                 f_val), -1)
        temperature = fit_temperature(val_probs.double().numpy(), y_val.numpy())
    finally:
        torch.set_num_threads(threads)

    raw_val = metrics_for(rubric, apply_rows(h_val, w0, torch.zeros(len(w0)), 1.0, softcap), y_val.tolist(),
                          [items[i] for i in val])
    val_metrics = metrics_for(rubric, apply_rows(h_val, best.weight, best.bias, temperature, softcap,
                                                 best.feature_weight, f_val), y_val.tolist(), [items[i] for i in val])
    train_metrics = metrics_for(rubric, apply_rows(h_tr, best.weight, best.bias, temperature, softcap,
                                                   best.feature_weight, f_tr), y_tr.tolist())

    hp = cfg.to_dict()
    line = (LINE_VERSION if meaning else 2) if checks else None  # the wording of the checks line the backbone read
    if rubric.grounding:  # a RAG rubric: the grounding evidence's line and features (checks/grounding.py)
        from jev_model.checks.grounding import GROUNDING_LINE

        line = GROUNDING_LINE if checks else None
    rid_src = json.dumps([engine.backbone, rubric.name, rubric.version, data_sha256, hp, checks, line], sort_keys=True)
    model_manifest = {}
    if engine.model_dir is not None and (engine.model_dir / "manifest.json").exists():
        model_manifest = json.loads((engine.model_dir / "manifest.json").read_text())
    manifest = {
        "id": f"{engine.name}-{rubric.name}-{hashlib.sha256(rid_src.encode()).hexdigest()[:8]}",
        "backbone": engine.backbone,
        "backbone_model": engine.name,
        "backbone_files_sha256": model_manifest.get("files", {}),
        "backbone_source": {k: model_manifest[k] for k in ("source_package", "source_version", "source_gguf_sha256")
                            if k in model_manifest},
        "evaluator": rubric.name,
        "rubric_version": rubric.version,
        "tokens": rubric.tokens,
        "checks": checks,
        "checks_line": line,
        "depth": cfg.depth,
        "features": None if best.feature_weight is None else list(names),
        "temperature": temperature,
        "training_data": {"files": data_files, "sha256": data_sha256, "items": len(items) + dropped,
                          "dropped_as_test_duplicates": dropped, "train_items": len(tr), "validation_items": len(val)},
        "hyperparameters": dict(hp, chosen_l2=best.l2, steps=best.steps,
                                sweep={str(f.l2): {"val_objective_at_T1": round(f.val_loss, 5), "steps": f.steps} for f in fits}),
        "validation": val_metrics,
        "validation_raw": raw_val,
        "train": train_metrics,
        "created": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "torch": torch.__version__,
    }
    readout = Readout(weight=best.weight, bias=best.bias, temperature=temperature,
                      name=f"trained:{manifest['id']}", is_raw=False, manifest=manifest,
                      feature_weight=best.feature_weight, depth=cfg.depth,
                      feature_index=None if names == FEATURE_NAMES or rubric.grounding else tuple(range(len(names))))
    return readout, manifest


def save_readout(path: Path, readout: Readout, manifest: dict) -> Path:
    """Write ``<path>`` (safetensors: weight, bias, feature_weight if any) and the manifest
    beside it (``.json``)."""
    from safetensors.torch import save_file

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tensors = {"weight": readout.weight.contiguous().float(), "bias": readout.bias.contiguous().float()}
    if readout.feature_weight is not None:
        tensors["feature_weight"] = readout.feature_weight.contiguous().float()
    save_file(tensors, str(path), metadata={"id": manifest["id"], "backbone": manifest["backbone"]})
    path.with_suffix(".json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")
    return path


def load_training_items(paths: list[str]) -> tuple[list[dict], str]:
    """Items from one or more JSONL files and the sha256 over their bytes."""
    from jev_model.fitting.dedupe import load_jsonl

    digest = hashlib.sha256()
    items = []
    for p in paths:
        try:
            digest.update(Path(p).read_bytes())
        except OSError as exc:
            raise JevError(f"cannot read {p}: {exc.strerror}") from None
        items += load_jsonl(Path(p))
    if not items:
        raise JevError(f"no items in {', '.join(paths)}")
    return items, digest.hexdigest()
