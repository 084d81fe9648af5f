"""``asobi new variant GAME NAME``: a house-rule file that extends the game's default variant.

The file sets every simple rule value of the default variant to the value it already has, each
with a comment naming where it comes from; mappings and long lists are listed as comments only.
So the new file plays exactly like its parent until you change a line, and it passes
``asobi variant check`` as written.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from asobi.errors import AsobiError
from asobi.host.registry import Game, Registry
from asobi.variants.loader import user_variant_dir

from .files import write_file
from .names import check_variant_name, variant_title

LIVE_WIDTH = 60
"""A rule value shown as YAML longer than this is listed as a comment, not copied."""
KEY_COLUMN = 26


def _flow(key: str, value: Any) -> str:
    """``key: value`` on one line, as YAML writes it (quoted where it must be)."""
    text = yaml.safe_dump(
        {key: value}, default_flow_style=True, allow_unicode=True, width=10_000, sort_keys=False
    )
    return text.strip()[1:-1]


def _line(text: str, comment: str) -> str:
    return f"{text:<{KEY_COLUMN}}# {comment}"


def _builtin_file(game: Game, variant: str) -> str | None:
    folder = game.info.variants
    if folder is None:
        return None
    candidate = folder / f"{variant}.yaml"
    return str(candidate) if candidate.is_file() else None


def _rule_lines(rules: Mapping[str, Any], parent: str, game: str, source: str) -> list[str]:
    explain = f"as in {parent} (asobi rules {game} --variant {parent})"
    lines = []
    for key, value in rules.items():
        shown = _flow(str(key), value)
        if isinstance(value, dict) or len(shown) > LIVE_WIDTH:
            kind = "a mapping" if isinstance(value, dict) else "a long value"
            lines.append(_line(f"  # {key}: ...", f"{kind}: copy it from {source}"))
        else:
            lines.append(_line(f"  {shown}", explain))
    return lines


def variant_text(game: Game, name: str, pack: str | None = None) -> str:
    """The text of ``NAME.yaml``: a variant of ``game`` extending its default variant, kept
    in the user's variants folder or, with ``pack``, in that house-rule pack."""
    parent = game.load_variant(None)
    game_name = game.name
    builtin = game.info.variants
    source = _builtin_file(game, parent.name) or parent.source
    rules = _rule_lines(parent.rules, parent.name, game_name, source)
    live = any(not line.lstrip().startswith("#") for line in rules)
    title = variant_title(name)
    header = [
        f"# {title}: house rules for {game.info.title}, started with "
        f"`asobi new variant {game_name} {name}`.",
        f"#   check it:  asobi variant check {name}.yaml",
        f"#   play it:   asobi play {game_name} --variant {name}.yaml",
        f"# Kept in {user_variant_dir(game_name)}, it is found by name: --variant {name}."
        if pack is None else
        f"# Once the pack {pack} is installed, it is found by name: --variant {name}.",
    ]
    if builtin is not None:
        header.append(f"# The built-in variants of {game.info.title}, every value explained:")
        header.append(f"#   {builtin}")
    body = [
        _line(f"game: {game_name}", "the game it is for (asobi games lists them)"),
        _line(f"name: {name}", f"always the file's name: {name}.yaml"),
        _line(f"title: {title}", f"shown by `asobi variants {game_name}` and in the web lobby"),
        _line("description: >-", "a sentence or two: what your table plays differently"),
        f"  Like {parent.title}, with the changes below.",
        _line(f"extends: {parent.name}", f"asobi rules {game_name} --variant {parent.name}"),
        _line("rules:" if live else "rules: {}", "only what you change; mappings merge key by key"),
        *rules,
    ]
    return "\n".join([*header, *body]) + "\n"


def new_variant(registry: Registry, game: str, name: str, folder: Path | str = ".") -> Path:
    """Write ``folder/NAME.yaml`` for the installed ``game`` and return its path."""
    check_variant_name(name)
    found = registry.game(game)
    if name in found.variant_names():
        raise AsobiError(
            f"{found.info.title} already has a variant named '{name}'; choose another name "
            "(a file of the same name would hide it)"
        )
    target = Path(folder) / f"{name}.yaml"
    write_file(target, variant_text(found, name))
    try:
        found.load_variant(str(target))
    except AsobiError as exc:  # a defect of this module: leave nothing half-right behind
        target.unlink()
        raise AsobiError(
            f"the new variant failed its own check, so it was removed: {exc}"
        ) from None
    return target
