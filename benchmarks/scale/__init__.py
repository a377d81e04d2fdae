"""The scale suite: ``jev score --ray`` against the plain ``jev score`` on the same items (``run.py``).

    python -m benchmarks.scale --items 100 --actors 1,2,4 --batch-size 8
"""
