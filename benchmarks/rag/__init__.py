"""The RAG evaluators on held-out HaluEval items (``python -m benchmarks.rag``; run.py)."""
