"""The HTTP server: the System One wire protocol and the evaluator catalogue (``jev serve``).

Layout: ``app.py`` (routes, auth, body decoding, errors), ``wire.py`` (validation and the
answer shape, pure), ``batcher.py`` (the worker thread that owns the engine and batches
concurrent requests), ``serve.py`` (the command).  Needs the ``server`` extra.
"""
