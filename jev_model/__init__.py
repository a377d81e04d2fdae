"""jev-model: a local one-pass decision-model engine.

    >>> from jev_model import Engine                                       # doctest: +SKIP
    >>> engine = Engine.load("default")                                    # doctest: +SKIP
    >>> engine.evaluate("answer_correctness", input=..., output=..., expected=...)  # doctest: +SKIP
"""

from .errors import JevError
from .result import Result

__version__ = "0.1.0"
__all__ = ["Engine", "JevError", "Result", "__version__"]


def __getattr__(name):  # import torch only when the engine is asked for
    if name == "Engine":
        from .engine import Engine

        return Engine
    raise AttributeError(name)
