"""Flags every model-loading command shares, and turning them into an engine and settings."""

from __future__ import annotations

import argparse

from jev_model.errors import JevError


def add_model_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--model", default="default",
                   help="embedded model name or a local Hugging Face model directory (default: gemma-3-270m)")
    p.add_argument("--device", default="cpu", help="cpu or cuda (default: cpu)")
    p.add_argument("--dtype", default="auto", help="auto (CPU: the fastest admitted path, probed once per machine; CUDA: bfloat16), float32, bfloat16, float16, int8 (CPU)")
    p.add_argument("--raw-readout", action="store_true",
                   help="read the LM head's own level-token rows even where a trained readout exists")
    p.add_argument("--min-level-mass", type=float, default=None,
                   help="raw readout: below this share of next-token probability on the level tokens, "
                        "a reading is unscored (default 0.01)")
    p.add_argument("--no-checks", action="store_true",
                   help="do not add computed checks (dates, numbers, units, the input's arithmetic) to the "
                        "state of answer-comparing evaluators")
    p.add_argument("--no-calibration", action="store_true",
                   help="ignore a stored calibration temperature (jev calibrate)")
    p.add_argument("--batch-size", type=int, default=None,
                   help="items per forward pass (default 8; see README \"Speed\")")
    p.add_argument("--option-orders", type=int, default=None,
                   help="typed questions: read each in up to this many option orders and average (default 8; "
                        "1: as sent); the order options are sent in cannot change a choice")
    p.add_argument("--context-prior", choices=("auto", "on", "off"), default=None,
                   help="typed questions: divide out the answer prior measured on content-free states "
                        "(default auto: choice questions only)")
    p.add_argument("--meaning", choices=("auto", "on", "off"), default=None,
                   help="evidence of meaning (the sentence encoder all-minilm-l6-v2) in the computed checks "
                        "(default auto: where the trained readout was fitted with it)")
    p.add_argument("--explanations", metavar="MODEL", default=None,
                   help="a second model (a prepared name or a directory) that reads the answers whose reference is an "
                        "explanation, with its explanations readout: qwen2.5-coder-1.5b-instruct sees meaning there "
                        "that the default model does not, at about 29x the time per such item (docs/readouts.md)")


def settings_from_args(args):
    """The request settings the flags ask for (jev_model.core.engine.Settings)."""
    from jev_model.core.engine import Settings

    values = {"readout": "raw" if getattr(args, "raw_readout", False) else "trained",
              "checks": not getattr(args, "no_checks", False),
              "calibration": not getattr(args, "no_calibration", False)}
    if getattr(args, "min_level_mass", None) is not None:
        values["min_level_mass"] = args.min_level_mass
    if getattr(args, "batch_size", None) is not None:
        if args.batch_size < 1:
            raise JevError(f"--batch-size {args.batch_size}: must be at least 1")
        values["batch_size"] = args.batch_size
    if getattr(args, "option_orders", None) is not None:
        if args.option_orders < 1:
            raise JevError(f"--option-orders {args.option_orders}: must be at least 1")
        values["option_orders"] = args.option_orders
    if getattr(args, "context_prior", None) is not None:
        values["context_prior"] = args.context_prior
    if getattr(args, "meaning", None) is not None:
        values["meaning"] = args.meaning
    if getattr(args, "explanations", None) is not None:
        values["explanations"] = args.explanations
    return Settings(**values)


def load_engine(args, max_tokens: int | None = None, **engine_options):
    """An engine for --model/--device/--dtype whose default settings are the flags';
    ``engine_options`` go to ``Engine.load`` (e.g. ``cache_bytes``)."""
    from jev_model.core.engine import Engine

    return Engine.load(args.model, device=args.device, dtype=args.dtype, max_tokens=max_tokens,
                       settings=settings_from_args(args), **engine_options)
