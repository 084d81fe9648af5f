"""asobi: a plugin-based framework for traditional card and board games."""

__version__ = "0.1.0"
