"""A plugin whose import fails, as one with a missing dependency would."""

raise ImportError("asobi_broken needs a library that is not installed")
