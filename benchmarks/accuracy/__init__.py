"""The accuracy suite: the one-pass decision model against reasoning systems on the
answer_correctness items (``run.py``, ``systems.py``, ``report.py``), the confidence cascade
(``cascade.py``) and computed checks with calibration (``checks_calibration_cascade.py``).

    python -m benchmarks.accuracy.run --smoke --system decision --system reasoning-local --system oracle
"""
