"""An installed game as the registry hands it out: its :class:`~asobi.contract.model.GameInfo`, its
own plugin manager and typed hooks, its words (catalogues) and its variants.

:mod:`asobi.host.registry` finds and builds these; frontends and tools receive them
(``registry.game("koikoi")``). ``from asobi.host.registry import Game`` keeps working.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from asobi.contract.model import GameInfo
from asobi.host.gamehooks import GameHooks
from asobi.host.manager import GameManager
from asobi.i18n import layered_plural, layered_text
from asobi.variants import loader as variants
from asobi.variants.loader import Variant


@dataclass
class Game:
    """An installed game: its info and its own plugin manager."""

    info: GameInfo
    manager: GameManager
    hooks: GameHooks = field(init=False)
    """The game's hooks, typed and checked: ``game.hooks.legal_actions(state, seat)``."""

    def __post_init__(self) -> None:
        self.hooks = GameHooks(self.manager, self.info.name, installed=self)

    @property
    def hook(self) -> Any:
        """The manager's hook relay (``pm.hook``), for hooks a frontend declares itself."""
        return self.manager.hook

    @property
    def distribution(self) -> str:
        """Who provides the game (``asobi-koikoi 0.1.0``)."""
        return self.manager.distribution or self.info.name

    @property
    def name(self) -> str:
        return self.info.name

    # ------------------------------------------------------------------ words
    @property
    def package(self) -> str | None:
        """The top-level package of the game plugin, where its ``locale`` folder lives."""
        return self.manager.package

    def text(self, message: str, lang: str) -> str:
        """``message`` in ``lang`` from the game's catalogue, then the core's (else as is)."""
        return layered_text(self.package, message, lang)

    def plural(self, singular: str, plural: str, count: int, lang: str) -> str:
        """The form of a counted message for ``count`` in ``lang`` (placeholders unfilled)."""
        return layered_plural(self.package, singular, plural, count, lang)

    def title_in(self, lang: str) -> str:
        """The game's name in ``lang`` (most names stay as they are; こいこい in Japanese)."""
        return self.text(self.info.title, lang)

    def summary_in(self, lang: str) -> str:
        return self.text(self.info.summary, lang) if self.info.summary else ""

    def level_title(self, level: str, lang: str) -> str:
        """An AI level's name for people: ``hard`` -> ``difícil``, ``hard:0.3`` -> ``difícil
        (0.3 s)``."""
        name, _, budget = level.partition(":")
        title = self.text(name, lang)
        return f"{title} ({budget} s)" if budget else title

    # ------------------------------------------------------------------ AI levels
    def ai_levels(self) -> list[str]:
        """Every AI level a seat may take: ``random``, the game's own, then plugins' levels."""
        added = self.hooks.agent_levels(self.info)
        return list(dict.fromkeys(("random", *self.info.ai_levels, *added)))

    @property
    def default_level(self) -> str:
        """The level of a bare ``ai`` seat: the game's choice, else ``normal`` when offered,
        else its first level, else ``random``."""
        info = self.info
        if info.default_level:
            return info.default_level
        if "normal" in info.ai_levels:
            return "normal"
        return info.ai_levels[0] if info.ai_levels else "random"

    @property
    def strongest_level(self) -> str:
        """The level hints come from: the game's choice, else the last level it lists."""
        info = self.info
        if info.strongest_level:
            return info.strongest_level
        return info.ai_levels[-1] if info.ai_levels else "random"

    # ------------------------------------------------------------------ variants
    def variant_folders(self) -> list[Any]:
        """Folders of installed house-rule packs for this game (``asobi_variant_folders``)."""
        return self.hooks.variant_folders()

    def load_variant(self, spec: str | None = None, base_dir: Path | None = None) -> Variant:
        """A variant by name (built-in, from a house-rule pack, or the user's) or by path."""
        return variants.load(self.info, spec, base_dir=base_dir, packs=self.variant_folders())

    def variant_listing(self) -> list[dict[str, Any]]:
        """Every variant of the game, for listings (broken files included, with their error)."""
        return variants.listing(self.info, packs=self.variant_folders())

    def variant_names(self) -> list[str]:
        catalogue = variants.VariantCatalogue(self.info, packs=self.variant_folders())
        return [name for name, _origin, _entry in catalogue.names()]
