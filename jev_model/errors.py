"""The one error type the CLI, the server and the loaders turn into a clear message, and the
words its messages use for a value of the wrong kind (JSON's, never Python's type names)."""

import json


class JevError(Exception):
    """A user-facing problem: bad input, a missing model, an invalid rubric file.

    The message names the bad value and what is allowed; the CLI prints it without a
    traceback and exits non-zero, the server answers it with a 4xx.
    """


def json_kind(value) -> str:
    """What a parsed JSON value is, in JSON's words: 'expected a string, got null', never 'NoneType'.

    >>> [json_kind(v) for v in (None, True, 3, "x", [1], {})]
    ['null', 'true', 'a number', 'a string', 'an array', 'an object']
    """
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    kinds = ((int, "a number"), (float, "a number"), (str, "a string"), (list, "an array"), (tuple, "an array"),
             (dict, "an object"))
    return next((kind for t, kind in kinds if isinstance(value, t)), "a value JSON does not have")
