"""The load suite: the HTTP server under load, measured with the official SDK (``run.py``).

    python -m benchmarks.load sdk --clients 1,8,32,64 --seconds 60
"""
