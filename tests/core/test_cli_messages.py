"""Messages of the command line that a newcomer meets first (issue 24): each names the real
problem, not a symptom of it."""

from __future__ import annotations

import importlib.metadata
from importlib.metadata import EntryPoint

import pytest

from asobi.cli.main import main
from asobi.host.registry import Registry


def run(monkeypatch, registry: Registry, argv: list[str]) -> int:
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: registry)
    try:
        return main(argv)
    except SystemExit as exc:  # argparse's own errors
        return int(exc.code or 0)


FRONTENDS = {"text": "asobi_frontends.text:FRONTEND", "web": "asobi_frontends.web:FRONTEND",
             "jsonl": "asobi_frontends.text:FRONTEND", "tv": "asobi_no_such_frontend:FRONTEND"}


def test_serving_with_a_frontend_that_cannot_serve_says_so_before_its_options(
        monkeypatch, capsys, registry_of):
    registry = registry_of({"nim": "asobi_nim"}, FRONTENDS)
    assert run(monkeypatch, registry, ["serve", "--frontend", "jsonl", "--port", "8714"]) == 2
    err = capsys.readouterr().err
    assert "the 'jsonl' frontend plays in place and cannot serve" in err
    assert "unrecognized arguments" not in err


def test_frontend_help_lists_only_the_frontends_that_load(monkeypatch, capsys, registry_of):
    registry = registry_of({"nim": "asobi_nim"}, FRONTENDS)
    assert run(monkeypatch, registry, ["play", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "one of: jsonl, text, web (default: text" in out
    assert "tv" not in out.split("one of:")[1].split(")")[0]


@pytest.fixture
def ghost(tmp_path, monkeypatch) -> EntryPoint:
    """The entry point of an installed distribution, asobi-ghost 0.1, whose game fails to
    import."""
    (tmp_path / "asobi_ghost.py").write_text(
        'raise ImportError("asobi_ghost needs libghost, which is not installed")\n')
    info = tmp_path / "asobi_ghost-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: asobi-ghost\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[asobi.games]\nghost = asobi_ghost\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    [dist] = importlib.metadata.distributions(path=[str(tmp_path)])
    [entry] = dist.entry_points.select(group="asobi.games")
    return entry


@pytest.mark.parametrize("argv", [["play", "ghost"], ["variants", "ghost"],
                                  ["rules", "ghost"]])
def test_a_game_that_failed_to_load_is_named_with_why(monkeypatch, capsys, ghost, argv,
                                                      registry_of):
    registry = registry_of({"nim": "asobi_nim"}, {"text": FRONTENDS["text"]})
    registry.game_entry_points.append(ghost)
    assert run(monkeypatch, registry, argv) == 2
    err = capsys.readouterr().err
    assert ("the game 'ghost' is installed (asobi-ghost 0.1) but failed to load: ImportError: "
            "asobi_ghost needs libghost, which is not installed") in err
    assert "unknown game" not in err and "Traceback" not in err


def test_a_game_nobody_installs_is_still_unknown(monkeypatch, capsys, ghost, registry_of):
    registry = registry_of({"nim": "asobi_nim"}, {"text": FRONTENDS["text"]})
    registry.game_entry_points.append(ghost)
    assert run(monkeypatch, registry, ["play", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_listing_games_builds_no_parser_of_the_heavy_commands(monkeypatch, capsys,
                                                              registry_of):
    """`asobi games` answers without importing the arena, the lab or the scaffold, whose
    parsers it does not need (start-up time); `asobi --help` still lists them."""
    import sys

    registry = registry_of({"nim": "asobi_nim"}, {"text": FRONTENDS["text"]})
    for name in ("asobi.arena", "asobi.arena.command", "asobi.lab", "asobi.lab.command",
                 "asobi.scaffold", "asobi.scaffold.command"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    assert run(monkeypatch, registry, ["games"]) == 0
    assert "Nim" in capsys.readouterr().out
    assert not {"asobi.arena", "asobi.lab", "asobi.scaffold"} & set(sys.modules)
    assert run(monkeypatch, registry, ["--help"]) == 0
    out = capsys.readouterr().out
    assert all(f"    {name}" in out for name in ("arena", "lab", "new"))
