"""The names ``asobi new`` accepts, and the names it derives from them."""

from __future__ import annotations

import re
from dataclasses import dataclass

from asobi.errors import AsobiError

PACKAGE_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
"""A game or frontend: it becomes a Python module (``asobi_NAME``) and an entry-point name."""
VARIANT_NAME = re.compile(r"[a-z0-9][a-z0-9-]*\Z")
"""A variant: the file name and the ``name`` key, like the built-in ``koikoi-japan``."""
MAX_LENGTH = 32


@dataclass(frozen=True)
class PackageNames:
    """Everything a package template needs to know about its name."""

    name: str
    """``high_card``: the game's or frontend's id on the command line and in records."""

    @property
    def title(self) -> str:
        return self.name.replace("_", " ").title()

    @property
    def package(self) -> str:
        return f"asobi_{self.name}"

    @property
    def folder(self) -> str:
        """The project folder and the distribution name, in the one spelling pip and PyPI
        give a distribution: ``asobi-high-card`` (the module stays ``asobi_high_card``)."""
        return f"asobi-{self.name.replace('_', '-')}"

    @property
    def class_name(self) -> str:
        return "".join(part.capitalize() for part in self.name.split("_"))

    def values(self) -> dict[str, str]:
        """The ``{{placeholders}}`` of the templates."""
        return {
            "name": self.name,
            "title": self.title,
            "package": self.package,
            "dist": self.folder,
            "class": self.class_name,
        }


def _suggestion(name: str, pattern: re.Pattern[str], joiner: str) -> str:
    guess = re.sub(r"[^a-z0-9]+", joiner, name.strip().lower()).strip(joiner)
    if guess != name and pattern.match(guess) and len(guess) <= MAX_LENGTH:
        return f" (did you mean '{guess}'?)"
    return ""


def package_names(name: str, kind: str) -> PackageNames:
    """Check the name of a new game or frontend (``kind``); AsobiError says what is wrong."""
    if not PACKAGE_NAME.match(name) or len(name) > MAX_LENGTH:
        raise AsobiError(
            f"{name!r} cannot name a {kind}: use lowercase letters, digits and underscores, "
            f"starting with a letter, at most {MAX_LENGTH} characters "
            f"(for example 'goofspiel' or 'high_card'){_suggestion(name, PACKAGE_NAME, '_')}"
        )
    return PackageNames(name)


def check_variant_name(name: str) -> str:
    """Check the name of a new variant file; AsobiError says what is wrong."""
    if not VARIANT_NAME.match(name) or len(name) > MAX_LENGTH:
        raise AsobiError(
            f"{name!r} cannot name a variant: use lowercase letters, digits and dashes, "
            f"at most {MAX_LENGTH} characters (for example 'my-house')"
            f"{_suggestion(name, VARIANT_NAME, '-')}"
        )
    return name


def variant_title(name: str) -> str:
    return name.replace("-", " ").title()
