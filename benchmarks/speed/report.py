"""The speed run as a markdown page: every figure beside the CPU's flags and the load."""

from __future__ import annotations


def _f(v, fmt=".2f") -> str:
    return "-" if v is None else format(v, fmt)


def table(report: dict) -> str:
    m = report["machine"]
    flags = " ".join(m["cpu_flags"]) or "none of interest"
    la0, la1 = report["load_average_before"], report["load_average_after"]
    tok = report["tokens"]
    lines = [f"# Speed: {report['model']} on {report['device']}, side by side", "",
             f"`{report['command']}`", "",
             f"**Machine**: {m['cpu']}, {m['cores']} cores, flags: {flags} (native bfloat16: "
             f"{'yes' if m['native_bf16'] else 'no'}; torch kernels {m['torch_cpu_capability']}); torch {m['torch']} "
             f"with {m['torch_threads']} thread(s)" + (f", GPU {m['gpu']}" if "gpu" in m else "")
             + f". Load average (1, 5, 15 min) {_la(la0)} before, {_la(la1)} after.", "",
             f"**Auto dtype on this machine**: `{report['auto']['path']}` ({report['auto']['note']}; "
             f"{report['auto']['seconds']:.1f} s in this run, 0 when cached).", "",
             f"**Items**: {report['items']} answer_correctness items from {report['item_source']}, the same prompts "
             f"for every system; {report['repeats']} repeats, interleaved, medians; ratios taken within each repeat. "
             f"Prompt {tok['prompt_mean']:.0f} tokens on average: prefix (rubric, cached by ours and llama.cpp) "
             f"{tok['prefix']}, suffix {tok['suffix_mean']:.1f} (computed checks on).", "",
             "Ours runs in today's default settings (trained readout, computed checks, calibration); "
             f"`{report['baseline']}` is today's default path, the baseline of `x today`. "
             "Held-out exact: the shipped readout on all 406 test items in that path "
             "(`python -m benchmarks.readouts.readout_eval --dtype PATH`).", "",
             f"| system | items/s | ms/item | x today ({report['baseline'][5:]}) | held-out exact | of its matmul limit | flags |",
             "|---|---:|---:|---:|---:|---:|---|"]
    acc = report["accuracy"]
    for row in report["systems"]:
        a = acc.get(row.get("accuracy_of"), {}).get("exact")
        mark = " (auto)" if row.get("path") == report["auto"]["path"] else ""
        lines.append(f"| {row['system']}{mark} | {row['items_per_s']:.2f} | {row['ms_per_item']:.0f} | "
                     f"{row['x_today']:.2f} | {_f(a, '.3f')} | "
                     + (f"{100 * row['of_matmul']:.0f}%" if "of_matmul" in row else "-") + f" | {flags} |")
    lines += ["", "## Agreement of probabilities", "",
              "Level probabilities over the same prompts: raw (the LM head's level rows, softmax, which every peer "
              "reads) or trained (the shipped readout, checks and calibration), as each pair says.", "",
              "| pair | most probable level agrees | max abs dp | mean abs dp |", "|---|---:|---:|---:|"]
    for name, a in report["agreement"].items():
        lines.append(f"| {name} | {100 * a['argmax_agreement']:.0f}% | {a['max_abs_dp']:.4f} | {a['mean_abs_dp']:.4f} |")
    lines += ["", f"generate (b): the one generated token is ours' most probable level on "
              f"{100 * report['generate_agrees_with_ours_argmax']:.0f}% of items."]
    if "llama_cpp" in report:
        ll = report["llama_cpp"]
        lines += ["", f"llama.cpp: {ll['gguf']}, {ll['threads']} thread(s); its tokenizer gives our token ids on "
                  f"{100 * ll['same_token_ids']:.0f}% of prompts (the runs feed our ids to both). System info: "
                  f"`{ll['system_info'].strip()}`"]
    for peer, why in report.get("peers_missing", {}).items():
        lines += ["", f"**{peer} not run**: {why}"]
    if "reasoning_local" in report:
        r = report["reasoning_local"]
        b1 = next((row for row in report["systems"] if row["system"] == f"ours {r['path']} b1"), None)
        lines += ["", f"reasoning-local (the same model writes its reasoning, then a level; batch 1, default "
                  f"settings, {r['path']}): {r['items']} items, median {1000 * r['median_latency_s']:.0f} ms/item, "
                  f"{r['tokens_in_mean']:.0f} tokens in and {r['tokens_out_mean']:.0f} out per item"
                  + (f"; ours {r['path']} b1 takes {b1['ms_per_item']:.0f} ms/item, "
                     f"1/{1000 * r['median_latency_s'] / b1['ms_per_item']:.0f} of it." if b1 else ".")]
    mm = report["matmul_gflops"]
    lines += ["", "## The matmul limit", "",
              f"Dense `{report['matmul_shape']}` (one batch's suffix tokens x the MLP) in this run: "
              + ", ".join(f"{p} {g:.1f} G(FL)OP/s" for p, g in mm.items())
              + " (int8: a dynamically quantised linear layer, activation quantisation included). "
              f"Ours needs {report['flops']['ours_needed_total'] / 1e9:.1f} GFLOP for these items (2 x non-embedding "
              "parameters per real token, attention over the visible keys, the rubric prefix once); the naive pass "
              f"computes {report['flops']['naive_total'] / 1e9:.1f} G. The table's fraction is those needed FLOPs per "
              "second over the matmul rate of the row's own path.", "",
              "## Tokens per item per evaluator", ""]
    lines += tokens_table(report).rstrip("\n").split("\n")
    for model, runs in report.get("memory", {}).items():
        lines += ["", f"Memory: `evaluate_many` in a fresh subprocess per size, model `{model}`.", "",
                  "| items | peak RSS while scoring (MB) | peak RSS of the process (MB) | seconds |", "|---:|---:|---:|---:|"]
        lines += [f"| {r['items']} | {r['peak_rss_scoring_mb'] or float('nan'):.0f} | {r['peak_rss_mb']:.0f} | "
                  f"{r['seconds']:.1f} |" for r in runs]
    return "\n".join(lines) + "\n"


def tokens_table(report: dict) -> str:
    """Tokens the backbone reads per item, per evaluator (``tokens_per_evaluator``)."""
    lines = ["On each evaluator's benchmark test items, default settings (computed checks on).", "",
             "| evaluator | items | prefix (cached) | suffix per item | of which the checks line | suffix without checks |",
             "|---|---:|---:|---:|---:|---:|"]
    for name, t in report["tokens_per_evaluator"].items():
        lines.append(f"| {name} | {t['items']} | {t['prefix']} | {t['suffix_mean']:.1f} | {t['checks_mean']:.1f} | "
                     f"{t['suffix_without_checks_mean']:.1f} |")
    return "\n".join(lines) + "\n"


def _la(xs) -> str:
    return "/".join(f"{x:.2f}" for x in xs)
