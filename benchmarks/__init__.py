"""Declared benchmarks (not installed), one folder per suite, sharing ``harness.py``:
``accuracy/`` (the decision model against reasoning systems), ``readouts/`` (held-out accuracy of
trained readouts), ``speed/``, ``load/`` (the HTTP server), ``scale/`` (``jev score --ray``).
Test items in ``items/``; results in ``results/<suite>/`` (``results/README.md`` says which run
backs which figure).  Training data is in ``data/`` and its generators in ``tools/datagen/``."""
