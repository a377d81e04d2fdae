"""The one error type the CLI, the server and the loaders turn into a clear message."""


class JevError(Exception):
    """A user-facing problem: bad input, a missing model, an invalid rubric file.

    The message names the bad value and what is allowed; the CLI prints it without a
    traceback and exits non-zero, the server answers it with a 4xx.
    """
