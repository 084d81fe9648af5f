"""What the terminal frontends (``text`` and ``tui``) share: how a game is put into words
(:mod:`~asobi_frontends.terminal.presentation`) and how its record is saved
(:mod:`~asobi_frontends.terminal.saving`), with one catalogue of words in ``locale/``.

It imports no frontend toolkit: the text frontend uses it without Textual installed.
"""

from asobi_frontends.terminal.presentation import (
    Choices,
    Hint,
    Presenter,
    Summary,
    Told,
)
from asobi_frontends.terminal.saving import (
    RECORD_NOT_SAVED,
    Ask,
    SaveFlow,
    SaveOutcome,
    answer_flow,
    answer_flow_async,
    save_flow,
)

__all__ = [
    "RECORD_NOT_SAVED",
    "Ask",
    "Choices",
    "Hint",
    "Presenter",
    "SaveFlow",
    "SaveOutcome",
    "Summary",
    "Told",
    "answer_flow",
    "answer_flow_async",
    "save_flow",
]
