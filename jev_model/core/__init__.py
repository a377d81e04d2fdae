"""The core: rubrics, rendering, the engine and its readouts, results and typed questions.

The one public API is ``jev_model.core.engine``: ``Engine.prepare`` -> ``ReadRequest`` -> ``Engine.read``."""
