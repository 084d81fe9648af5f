"""The ``text`` frontend: line-based play on any terminal, or through pipes."""

from asobi_frontends.text.loop import TextFrontend

FRONTEND = TextFrontend()
