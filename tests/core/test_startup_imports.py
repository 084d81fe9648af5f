"""Listing what is installed starts quickly: ``asobi games`` (and the parser it builds) imports
no game engine, no game AI, no bench or lab code of a game, no arena, lab or project scaffold, no
environment, no frontend beyond the hooks it declares and none of the optional heavy libraries.
The game plugins import those modules in the hooks that need them, and those hooks still
answer."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import subprocess
import sys

import pytest

from asobi.play.session import Session
from asobi_frontends.web.hookspecs import reveal

LISTINGS = (["games"], ["games", "--json"], ["variants", "koikoi"], ["variants", "sakura"])
"""Commands that list what is installed: each loads every game plugin, none plays."""

HEAVY = (
    # what the games need only to play, bench or measure
    "asobi_koikoi.search", "asobi_koikoi.bench", "asobi_koikoi.measures", "asobi_koikoi.view",
    "asobi_koikoi.rulespage", "asobi_koikoi.narration",
    "asobi_sakura.search", "asobi_sakura.bench", "asobi_sakura.measures",
    "asobi_sakura.view", "asobi_sakura.rulestext",
    # the core's tools
    "asobi.arena", "asobi.lab", "asobi.scaffold", "asobi.play.runner", "asobi.play.ray_runner",
    "asobi.play.bench", "asobi.play.records", "asobi.play.replayer",
    # the environments (the OpenSpiel levels plugin itself is loaded: it lists levels)
    "asobi.envs.aec", "asobi.envs.parallel", "asobi.envs.spiel", "asobi.envs.spiel_state",
    "asobi.envs.openspiel", "asobi.envs.playing", "asobi.envs.spaces",
    # the frontends' servers and screens
    "asobi_frontends.web.app", "asobi_frontends.web.server", "asobi_frontends.tui.app",
    "asobi_frontends.text.loop",
    # optional libraries
    "numpy", "matplotlib", "rich", "ray", "textual", "starlette", "uvicorn", "pyspiel",
    "open_spiel", "gymnasium", "pettingzoo",
)
"""Modules (and their submodules) that listing the games must not import."""

ENGINES = (
    "asobi_koikoi.engine", "asobi_koikoi.turn", "asobi_koikoi.setup", "asobi_koikoi.scoring",
    "asobi_koikoi.observe", "asobi_koikoi.upgrade", "asobi_koikoi.encoding",
    "asobi_sakura.engine", "asobi_sakura.movement", "asobi_sakura.turn", "asobi_sakura.setup",
    "asobi_sakura.scoring", "asobi_sakura.observe", "asobi_sakura.encoding",
)
"""The games' engines (the modules that deal, play and score): listing needs only each game's
description and rules schema, so none of them is imported before a game is set up."""

LAZY = ("yaml", "asobi.variants.yamlread", "json", "difflib", "shlex", "unicodedata",
        "asobi.cli.questions")
"""What ``asobi games`` does without, though other commands need it: PyYAML and the module
that reads with it (for a variant, a catalogue other than English's, the user's settings), JSON
(``--json``, records), difflib (a "did you mean" after a mistake), and what the chooser needs
only once it asks (its questions, shlex, unicodedata). The probe above imports json itself:
these are checked by a probe of their own."""

AI_PACKAGES = ("asobi_koikoi", "asobi_sakura")
"""Game packages whose ``ai*`` modules (every AI level's code) listing must not import."""

PROBE = """
import contextlib, io, json, sys
from asobi.cli.main import main
first = {}
for words in json.loads(sys.argv[1]):
    with contextlib.redirect_stdout(io.StringIO()):
        status = main(words)
    for name in sys.modules:
        first.setdefault(name, [" ".join(words), status])
print(json.dumps(first))
"""


GAMES_PROBE = """
import contextlib, io, sys
from asobi.cli.main import main
with contextlib.redirect_stdout(io.StringIO()) as listing:
    status = main(["games"])
print(listing.getvalue(), file=sys.stderr)
print(status, *sorted(sys.modules))
"""


def heavy(name: str) -> bool:
    """Whether the module ``name`` is one listing must not import."""
    if any(name == h or name.startswith(h + ".") for h in HEAVY):
        return True
    package, _, module = name.partition(".")
    return package in AI_PACKAGES and module.startswith("ai")


def test_heavy_names_what_it_should():
    assert heavy("asobi_koikoi.ai") and heavy("asobi_koikoi.ai_world")
    assert heavy("asobi_sakura.ai") and heavy("asobi.arena.run") and heavy("numpy.linalg")
    assert not heavy("asobi_koikoi.engine") and not heavy("asobi.envs.levels")
    assert not heavy("asobi_koikoi.plugin") and not heavy("asobi.host.registry")


@pytest.fixture(scope="module")
def first_imported(tmp_path_factory) -> dict[str, list[object]]:
    """Each module the listings imported, with the first command that imported it and its exit
    status (one fresh interpreter runs them all, in order)."""
    folder = tmp_path_factory.mktemp("listing")
    env = {**os.environ, "ASOBI_CONFIG_DIR": str(folder / "config"), "ASOBI_LANG": "en"}
    out = subprocess.run(  # without the user's settings (a module fixture runs before theirs)
        [sys.executable, "-c", PROBE, json.dumps(LISTINGS)],
        capture_output=True, text=True, timeout=300, cwd=folder, env=env,
    )
    assert out.returncode == 0, out.stderr
    found: dict[str, list[object]] = json.loads(out.stdout)
    return found


@pytest.mark.slow
def test_listing_the_games_imports_no_heavy_module(first_imported):
    first = first_imported
    # the listings did their work: both games were loaded, and every command succeeded
    assert {"asobi_koikoi.plugin", "asobi_sakura.plugin"} <= set(first)
    assert {status for _command, status in first.values()} == {0}
    imported = {name: command for name, (command, _status) in first.items() if heavy(name)}
    assert not imported, "imported while listing (module: first command): " + ", ".join(
        f"{name}: asobi {command}" for name, command in sorted(imported.items()))


def test_listing_the_games_imports_no_game_engine(first_imported):
    # the probe saw both games registered (their plugins and rules schemas were imported) ...
    assert {"asobi_koikoi.rules", "asobi_sakura.rules"} <= set(first_imported)
    # ... and no engine module: `asobi games` comes first, so it imported none either
    imported = {name: command for name, (command, _status) in first_imported.items()
                if name in ENGINES}
    assert not imported, "engine imported while listing (module: first command): " + ", ".join(
        f"{name}: asobi {command}" for name, command in sorted(imported.items()))


def test_listing_the_games_reads_no_yaml_and_imports_only_what_it_shows(tmp_path):
    # no settings file (nothing to read), English: `asobi games` alone, in a fresh interpreter
    env = {**os.environ, "ASOBI_CONFIG_DIR": str(tmp_path / "config"), "ASOBI_LANG": "en"}
    out = subprocess.run([sys.executable, "-c", GAMES_PROBE], capture_output=True, text=True,
                         timeout=300, cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stderr
    status, *modules = out.stdout.split()
    # it listed both games ...
    assert status == "0" and {"asobi_koikoi.plugin", "asobi_sakura.plugin"} <= set(modules)
    assert "koikoi  Koi-Koi" in out.stderr and "sakura  Sakura" in out.stderr
    # ... without the libraries only other commands need
    imported = sorted(name for name in modules
                      if any(name == lazy or name.startswith(lazy + ".") for lazy in LAZY))
    assert not imported, f"imported by asobi games: {', '.join(imported)}"


@pytest.mark.slow
def test_the_lazy_libraries_are_still_there_when_wanted(first_imported):
    # `asobi variants koikoi` reads YAML files and `asobi games --json` writes JSON: both
    # import what they need when they need it, and succeed (checked above)
    assert first_imported["yaml"][0] == "variants koikoi"
    assert first_imported["asobi.variants.yamlread"][0] == "variants koikoi"


def test_a_registry_reads_each_distributions_metadata_once(tmp_path):
    # naming a plugin's distribution (`asobi games --json`, warnings, `asobi --version`)
    # parses its metadata file: a registry does it once per distribution, not at every mention
    probe = """
import importlib.metadata as md, sys
from asobi.host.registry import discover
reads = []
read_text = md.PathDistribution.read_text
def counted(self, name):
    if name in ("METADATA", "PKG-INFO"):
        reads.append(name)
    return read_text(self, name)
md.PathDistribution.read_text = counted
reg = discover()
names = ([g.distribution for g in reg.games().values()], reg.distributions(),
         [f.distribution for f in reg.frontends().values()])
before = len(reads)
again = ([g.distribution for g in reg.games().values()], reg.distributions(),
         [f.distribution for f in reg.frontends().values()])
print(before, len(reads), again == names, *names[1])
"""
    env = {**os.environ, "ASOBI_CONFIG_DIR": str(tmp_path / "config")}
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         timeout=300, cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stderr
    before, after, same, *distributions = out.stdout.split(maxsplit=3)
    assert "asobi" in distributions[0].split()  # the names are still the distributions' own
    assert same == "True" and int(after) == int(before) > 0


def test_the_engine_list_names_modules_that_exist():
    # a renamed engine module would make the check above pass without checking anything
    missing = [name for name in ENGINES if importlib.util.find_spec(name) is None]
    assert not missing, missing


@pytest.mark.parametrize("name", ["koikoi", "sakura"])
def test_the_hooks_that_import_when_called_still_answer(installed, name):
    game = installed.game(name)
    variant = game.load_variant(None)
    rules, players = variant.rules, game.info.min_players
    session = Session(game, variant, ["human"] * players, seed=11, observers=False)
    seat = session.to_act()[0]
    observation, legal = session.observation(seat), session.legal_actions(seat)

    assert game.hooks.render_text(observation, "en").strip()
    assert game.hooks.describe_action(observation, legal[0], "en").strip()
    assert game.hooks.rules_text(rules, "en").strip()
    agents = {level: game.hooks.agent(level, seat, rules, players, seed=3)
              for level in game.info.ai_levels}  # the strongest built too (its search module)
    assert all(callable(getattr(agent, "choose", None)) for agent in agents.values()), agents
    assert agents[game.default_level].choose(observation, legal) in legal
    assert game.hooks.resample(observation, seat, rules, players, random.Random(5)) is not None
    assert game.hooks.lab_measures(rules, players)
    assert {r.name for r in game.hooks.restrictions(rules, players)}
    assert game.hooks.bench(rules, 0.05, 1)["per_second"] > 0

    # the hooks that now import the engine's parts when first called answer too
    assert reveal(game, session.state)
    assert game.hooks.hidden_variant(session.state, seat, random.Random(5)) is not None
    assert game.hooks.pinned_setup(rules, players, random.Random(5))
