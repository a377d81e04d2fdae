"""The adapters suite: items/s through each framework adapter (inspect_ai, DeepEval, RAGAS,
MLflow, autoevals, Strands Evals) against ``engine.evaluate_many`` on the same items, one
engine for all: the overhead each framework's runner adds (``run.py``).

    python -m benchmarks.adapters --items 40        # -> benchmarks/results/adapters/adapters.{md,json}
"""
