"""The readouts suite: held-out accuracy of trained readouts beside the raw one
(``readout_eval.py``), per decoder depth (``depth_sweep.py``), and per kind of text answer
(``text_eval.py``).

    python -m benchmarks.readouts.readout_eval --readout /tmp/r.safetensors
"""
