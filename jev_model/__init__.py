"""jev-model: a local one-pass decision-model engine.

    >>> from jev_model import Engine                                       # doctest: +SKIP
    >>> engine = Engine.load("default")                                    # doctest: +SKIP
    >>> engine.evaluate("answer_correctness", input=..., output=..., expected=...)  # doctest: +SKIP
"""

from jev_model.errors import JevError
from jev_model.core.result import Result

__version__ = "0.1.0"
__all__ = ["Engine", "JevError", "ReadRequest", "Result", "Settings", "__version__"]


def __getattr__(name):  # import torch only when the engine is asked for
    if name in ("Engine", "ReadRequest", "Settings"):
        from jev_model.core import engine

        return getattr(engine, name)
    raise AttributeError(name)
