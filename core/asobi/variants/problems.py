"""How a problem in a variant file is told: where the value stands (:data:`Location`), the
line ``FILE:LINE:COL: message`` (:func:`fmt`), and the error that lists them
(:class:`VariantError`).

Both halves of reading a file use them, :mod:`asobi.variants.file` and the YAML reader
:mod:`asobi.variants.yamlread`, which is imported only when a file is first read.
"""

from __future__ import annotations

from asobi.errors import AsobiError

Location = tuple[str, int, int]  # file, line, column (1-based)


class VariantError(AsobiError):
    """One or more problems in variant files; ``problems`` holds each ``FILE:LINE:COL: msg``."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


def fmt(loc: Location, message: str) -> str:
    return f"{loc[0]}:{loc[1]}:{loc[2]}: {message}"
