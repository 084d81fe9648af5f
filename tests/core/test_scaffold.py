"""``asobi new`` and the tutorial.

A new game, variant or frontend is a working start: the packages install with pip into a fresh
virtual environment next to asobi and the tutorial's Goofspiel, pass their own tests as
written, and play to the end in the text frontend, the new frontend and the browser's HTTP API.
The tutorial shows Goofspiel's files exactly. A bad name or an existing target is refused with
a clear message and nothing written.
"""

from __future__ import annotations

import argparse
import ast
import re
import shutil
import string
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib.metadata import EntryPoint
from pathlib import Path

import httpx2
import pytest
import yaml

from asobi.cli import main as cli
from asobi.cli.questions import variant_options
from asobi.conformance import check_game
from asobi.errors import AsobiError
from asobi.host.registry import Registry, discover
from asobi.scaffold import add_new_command, new_frontend, new_game, new_pack, new_variant
from asobi_frontends.web.hookspecs import web_assets
from support.venvs import SharedEnvironment

ROOT = Path(__file__).resolve().parents[2]
GOOFSPIEL = ROOT / "tests" / "plugins" / "asobi-goofspiel"
TUTORIAL = ROOT / "docs" / "tutorial.md"
RUFF = Path(sys.executable).parent / "ruff"
NOT_SOURCE = shutil.ignore_patterns("build", "*.egg-info", "__pycache__", ".pytest_cache")


@pytest.fixture
def from_source(monkeypatch) -> Iterator[Callable[..., Registry]]:
    """``from_source(name=folder, ...)``: a registry of game packages imported from their
    folders, as pip would register them."""
    packages: list[str] = []

    def registry(**games: Path) -> Registry:
        for name, folder in games.items():
            monkeypatch.syspath_prepend(str(folder))
            packages.append(f"asobi_{name}")
        points = [EntryPoint(n, f"asobi_{n}", "asobi.games") for n in games]
        return Registry(game_entry_points=points)

    yield registry
    for module in [m for m in sys.modules if m.split(".")[0] in packages]:
        del sys.modules[module]


def tree(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): p.read_text(encoding="utf-8")
            for p in sorted(folder.rglob("*")) if p.is_file()}


# --------------------------------------------------------------------------- in process


def test_a_new_game_is_a_whole_package_that_passes_the_conformance_kit(tmp_path, from_source):
    folder = new_game("duel", tmp_path)
    files = tree(folder)
    assert folder == tmp_path / "asobi-duel"
    assert {"pyproject.toml", "README.md", "asobi_duel/__init__.py", "asobi_duel/view.py",
            "asobi_duel/variants/standard.yaml", "tests/test_conformance.py"} <= set(files)
    assert {f"asobi_duel/locale/{lang}.yaml" for lang in ("en", "pt", "it", "ja")} <= set(files)
    assert not [name for name, text in files.items() if "{{" in text or "}}" in text]
    project = tomllib.loads(files["pyproject.toml"])["project"]
    assert project["entry-points"]["asobi.games"] == {"duel": "asobi_duel"}
    assert project["dependencies"] == ["asobi"]
    game = from_source(duel=folder).game("duel")
    assert game.info.title == "Duel" and game.ai_levels() == ["random", "search"]
    for players in (2, 3, 4):
        check_game(game, players=players, games=4)
    # No browser view of its own: the web frontend's generic view draws it from its text view.
    assert web_assets(game) is None
    assert not [name for name in files if "webview" in name]


def _messages(package: Path) -> set[str]:
    """The sentences a game's views translate: ``_("...")`` in view.py, ``gt("...")`` in
    view.js (when the game has a browser view of its own)."""
    found = set()
    for node in ast.walk(ast.parse((package / "view.py").read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "_" and isinstance(node.args[0], ast.Constant)):
            found.add(node.args[0].value)
    script = package / "webview" / "view.js"
    if script.is_file():
        found |= set(re.findall(r'\bgt\(\s*"([^"]+)"', script.read_text(encoding="utf-8")))
    return found


def _fields(text: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("which", ["new game", "goofspiel"])
def test_every_sentence_of_the_views_is_in_every_catalogue(which, tmp_path):
    package = (new_game("duel", tmp_path) / "asobi_duel" if which == "new game"
               else GOOFSPIEL / "asobi_goofspiel")
    messages = _messages(package)
    for lang in ("en", "pt", "it", "ja"):
        catalogue = yaml.safe_load((package / "locale" / f"{lang}.yaml").read_text("utf-8"))
        assert set(catalogue) == messages, lang
        for english, translated in catalogue.items():
            assert _fields(translated) == _fields(english), (lang, english)
            assert (translated == english) == (lang == "en") or len(english) < 4, english


def test_a_new_frontend_plays_a_whole_game_and_adds_its_option(tmp_path, monkeypatch):
    import io

    from asobi.play.frontend import Launch
    from asobi.play.session import parse_seats

    folder = new_frontend("plain", tmp_path)
    assert tomllib.loads((folder / "pyproject.toml").read_text())["project"]["entry-points"] \
        == {"asobi.frontends": {"plain": "asobi_plain:FRONTEND"}}
    monkeypatch.syspath_prepend(str(folder))
    from asobi_plain import FRONTEND

    parser = argparse.ArgumentParser()
    FRONTEND.add_options(parser, "play")
    assert parser.parse_args(["--prompt", "bid? "]).prompt == "bid? "
    registry = discover()
    game = registry.game("koikoi")
    launch = Launch(registry=registry, game=game, variant=game.load_variant(),
                    seats=parse_seats("human,ai:random", game), seed=3,
                    stdin=io.StringIO("1\n" * 300), stdout=io.StringIO(),
                    options={"prompt": "bid? "})
    assert FRONTEND.play(launch) == 0
    assert "Game over." in launch.stdout.getvalue()
    del sys.modules["asobi_plain"]


@pytest.mark.parametrize("game", ["koikoi", "sakura"])
def test_a_new_variant_extends_the_default_and_passes_variant_check(game, tmp_path, capsys):
    found = discover().game(game)
    path = new_variant(discover(), game, "my-house", tmp_path)
    assert path == tmp_path / "my-house.yaml"
    variant = found.load_variant(str(path))
    parent = found.load_variant(None)
    assert variant.chain == ("my-house", parent.name) and variant.rules == parent.rules
    text = path.read_text()
    for key in parent.rules:
        line = next(li for li in text.splitlines() if li.lstrip(" #").startswith(f"{key}:"))
        assert f"asobi rules {game} --variant {parent.name}" in line or \
            f"{found.info.variants}" in line, line
    assert cli.main(["variant", "check", str(path)]) == 0
    assert "ok" in capsys.readouterr().out


def test_a_new_variant_changes_what_you_edit(tmp_path, from_source):
    registry = from_source(goofspiel=GOOFSPIEL)
    path = new_variant(registry, "goofspiel", "small-split", tmp_path)
    text = path.read_text()
    assert "  cards: 13" in text and "  tie: discard" in text
    path.write_text(text.replace("cards: 13", "cards: 5").replace("tie: discard", "tie: split"))
    assert registry.game("goofspiel").load_variant(str(path)).rules == {"cards": 5,
                                                                       "tie": "split"}


BAD_GAME_NAMES = ["High_Card", "my-game", "1up", "", "x y", "a" * 33, "café", "../up"]


def test_a_name_of_two_words_gives_one_spelling_of_the_distribution(tmp_path):
    folder = new_game("oicho_kabu", tmp_path)
    assert folder.name == "asobi-oicho-kabu"
    assert 'name = "asobi-oicho-kabu"' in (folder / "pyproject.toml").read_text()
    assert (folder / "asobi_oicho_kabu" / "__init__.py").is_file()


def test_a_new_pack_offers_its_variant_by_name_in_the_chooser(tmp_path, monkeypatch):
    folder = new_pack("club_rules", "koikoi", discover(), tmp_path)
    assert folder.name == "asobi-club-rules"
    assert (folder / "asobi_club_rules" / "koikoi" / "club-rules.yaml").is_file()
    monkeypatch.syspath_prepend(str(folder))
    registry = Registry(
        game_entry_points=[EntryPoint("koikoi", "asobi_koikoi.plugin", "asobi.games")],
        plugin_entry_points=[EntryPoint("club_rules", "asobi_club_rules", "asobi.plugins")])
    game = registry.game("koikoi")
    offered = {option.key: option for option in variant_options(game, "en", None)}
    assert offered["club-rules"].label == "Club Rules"
    assert game.load_variant("club-rules").rules == game.load_variant(None).rules
    with pytest.raises(AsobiError, match="already has a variant named 'standard'"):
        new_pack("standard", "koikoi", discover(), tmp_path)
    assert not (tmp_path / "asobi-standard").exists()


def test_bad_names_and_existing_targets_are_refused_and_nothing_is_written(tmp_path):
    for name in BAD_GAME_NAMES:
        with pytest.raises(AsobiError, match="cannot name a game: use lowercase letters"):
            new_game(name, tmp_path)
        with pytest.raises(AsobiError, match="cannot name a frontend"):
            new_frontend(name, tmp_path)
    with pytest.raises(AsobiError, match="did you mean 'my_game'"):
        new_game("My-Game", tmp_path)
    for name in ["My House", "my_house", "-x", "house.yaml"]:
        with pytest.raises(AsobiError, match="cannot name a variant"):
            new_variant(discover(), "koikoi", name, tmp_path)
    assert list(tmp_path.iterdir()) == []
    new_game("duel", tmp_path)
    new_variant(discover(), "koikoi", "my-house", tmp_path)
    before = tree(tmp_path)
    refusals = [
        (lambda: new_game("duel", tmp_path), "asobi-duel already exists; nothing was written"),
        (lambda: new_variant(discover(), "koikoi", "my-house", tmp_path), "already exists"),
        (lambda: new_variant(discover(), "koikoi", "italian", tmp_path),
         "Koi-Koi already has a variant named 'italian'"),
        (lambda: new_variant(discover(), "koikoj", "x", tmp_path), "did you mean 'koikoi'"),
        (lambda: new_game("koikoi", tmp_path, discover()), "a game named 'koikoi' is already"),
        (lambda: new_frontend("text", tmp_path, discover()), "a frontend named 'text' is"),
        (lambda: new_game("frontends", tmp_path, discover()),
         "a Python package named 'asobi_frontends' is already installed"),
        (lambda: new_game("elsewhere", tmp_path / "nope"), "nope: no such folder"),
    ]
    for attempt, message in refusals:
        with pytest.raises(AsobiError, match=re.escape(message)):
            attempt()
    assert tree(tmp_path) == before and sorted(p.name for p in tmp_path.iterdir()) == [
        "asobi-duel", "my-house.yaml"]


def test_the_new_command_parses_like_every_asobi_command(tmp_path, capsys):
    parser = argparse.ArgumentParser(prog="asobi")
    add_new_command(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["new", "frontend", "lines", "--dir", str(tmp_path)])
    assert args.run(discover(), args) == 0
    out = capsys.readouterr().out
    assert f"Created {tmp_path / 'asobi-lines'}/ with 4 files" in out and "pip install -e" in out
    args = parser.parse_args(["new", "variant", "sakura", "garden", "--dir", str(tmp_path)])
    assert args.run(discover(), args) == 0
    assert "asobi variant check" in capsys.readouterr().out
    for wrong in (["new"], ["new", "game"], ["new", "board", "x"], ["new", "variant", "koikoi"]):
        with pytest.raises(SystemExit) as exit_info:
            parser.parse_args(wrong)
        assert exit_info.value.code == 2


@pytest.mark.skipif(not RUFF.exists(), reason="ruff is part of the test extra")
def test_new_packages_are_ruff_clean(tmp_path):
    new_game("duel", tmp_path)
    new_frontend("plain", tmp_path)
    for extra in ([], ["--select", "E,F,W,I,UP,B"]):
        out = subprocess.run([str(RUFF), "check", "--no-cache", *extra, "."], cwd=tmp_path,
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stdout + out.stderr


# --------------------------------------------------------------------------- the tutorial

BLOCK = re.compile(r"^<!-- (file|excerpt): (\S+) -->\n```(\w+)\n(.*?)\n```$", re.M | re.S)
SHOWN_WHOLE = (".py", ".js", ".css", ".toml", ".yaml")


def test_the_tutorial_shows_the_files_of_goofspiel_exactly():
    text = TUTORIAL.read_text(encoding="utf-8")
    marked = BLOCK.findall(text)
    code_blocks = re.findall(r"^```(python|yaml|js|toml|css)$", text, re.M)
    assert len(code_blocks) == len(marked), "every code block names its file"
    parts: dict[str, list[str]] = {}
    for kind, path, _lang, body in marked:
        source = (GOOFSPIEL / path).read_text(encoding="utf-8")
        assert body in source, f"{path}: the tutorial shows code the file does not have"
        if kind == "file":
            parts.setdefault(path, []).append(body.strip("\n"))
    for path, pieces in parts.items():
        whole = r"\n+".join(re.escape(piece) for piece in pieces) + r"\n"
        assert re.fullmatch(whole, (GOOFSPIEL / path).read_text(encoding="utf-8")), \
            f"{path}: the tutorial's pieces do not make up the whole file, in order"
    package = {str(p.relative_to(GOOFSPIEL)) for p in GOOFSPIEL.rglob("*")
               if p.is_file() and p.suffix in SHOWN_WHOLE and "egg-info" not in str(p)
               and not p.relative_to(GOOFSPIEL).parts[0] == "build"}
    translations = {f"asobi_goofspiel/locale/{lang}.yaml" for lang in ("pt", "it", "ja")}
    assert package - translations - {"conftest.py"} == set(parts)


def test_goofspiel_starts_from_what_the_scaffold_writes(tmp_path):
    scaffold = tree(new_game("goofspiel", tmp_path))
    assert scaffold["pyproject.toml"] == (GOOFSPIEL / "pyproject.toml").read_text()
    assert set(scaffold) <= {str(p.relative_to(GOOFSPIEL)) for p in GOOFSPIEL.rglob("*")}


@pytest.mark.slow
def test_goofspiel_passes_the_conformance_kit(from_source):
    game = from_source(goofspiel=GOOFSPIEL).game("goofspiel")
    check_game(game, players=2, games=4)
    check_game(game, variant="split", players=3, games=2)


def test_goofspiel_tells_every_event_to_a_watcher_too(from_source):
    """With no person at the table (``--players ai:random,ai:random``) the text frontend
    tells the events to nobody's seat (``seat=None``): ties included, nothing raises."""
    from asobi.play.session import Session

    game = from_source(goofspiel=GOOFSPIEL).game("goofspiel")
    told = set()
    for seed in range(12):
        session = Session(game, game.load_variant("standard"), ["ai:random"] * 2, seed=seed)
        rng = __import__("random").Random(seed)
        while not session.finished:
            seat = session.to_act()[0]
            for event in session.apply(seat, rng.choice(session.legal_actions(seat))):
                line = game.hooks.describe_event(event, None, "en")
                if line is not None:
                    assert "you" not in line.lower(), line
                    told.add(line)
    assert any("a tie" in t for t in told) and any("takes" in t for t in told), told


# --------------------------------------------------------------------------- a fresh venv


@dataclass
class Fresh:
    shared: SharedEnvironment
    work: Path
    game: Path
    frontend: Path
    goofspiel: Path
    pack: Path

    @property
    def bin(self) -> Path:
        return self.shared.bin

    def env(self) -> dict[str, str]:
        return self.shared.environ(self.game, self.frontend, self.goofspiel, self.pack,
                                   HOME=str(self.work), ASOBI_CONFIG_DIR=str(self.work / "config"),
                                   PYTHONUNBUFFERED="1")

    def run(self, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
        return subprocess.run([str(self.bin / args[0]), *args[1:]], input=stdin,
                              capture_output=True, text=True, timeout=120, env=self.env())


FRESH = pytest.mark.xdist_group("fresh-packages")
"""The tests of the packages installed beside asobi in one fresh environment: one worker
runs them all, so that the packages are written and installed once (:func:`fresh`)."""


@pytest.fixture(scope="module")
def fresh(asobi_env, tmp_path_factory) -> Fresh:
    """asobi (pip-installed from this tree), a new game, a new frontend, a new house-rule
    pack and Goofspiel."""
    work = tmp_path_factory.mktemp("scaffold")
    goofspiel = work / "asobi-goofspiel"
    shutil.copytree(GOOFSPIEL, goofspiel, ignore=NOT_SOURCE)
    return Fresh(asobi_env, work, new_game("duel", work), new_frontend("plain", work), goofspiel,
                 new_pack("club_rules", "koikoi", discover(), work))


@FRESH
@pytest.mark.slow
def test_the_new_packages_pass_their_own_tests_unchanged(fresh):
    runs = [subprocess.Popen([str(fresh.bin / "pytest"), "-q", "-p", "no:cacheprovider"],
                             cwd=folder, env=fresh.env(), stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
            for folder in (fresh.game, fresh.frontend, fresh.goofspiel, fresh.pack)]
    for run in runs:
        out, _ = run.communicate(timeout=300)
        assert run.returncode == 0 and " passed" in out and "skipped" not in out, out


@FRESH
@pytest.mark.slow
def test_the_installed_asobi_ships_the_templates_and_writes_the_same_packages(fresh, tmp_path):
    where = fresh.work / "from-the-wheel"
    where.mkdir()
    # Names nothing in that environment has taken yet (duel and plain are installed there).
    for words in (["game", "trick"], ["frontend", "rows"], ["variant", "goofspiel", "my-table"],
                  ["pack", "table_talk", "koikoi"]):
        made = fresh.run("asobi", "new", *words, "--dir", str(where))
        assert made.returncode == 0, made.stderr
    refused = fresh.run("asobi", "new", "game", "Bad Name", "--dir", str(where))
    assert refused.returncode == 2 and "Traceback" not in refused.stderr, refused.stderr
    assert tree(where / "asobi-trick") == tree(new_game("trick", tmp_path))
    assert tree(where / "asobi-rows") == tree(new_frontend("rows", tmp_path))
    made, here = (tree(where / "asobi-table-talk"),
                  tree(new_pack("table_talk", "koikoi", discover(), tmp_path)))
    first = "asobi_table_talk/koikoi/table-talk.yaml"  # names where asobi's files are
    assert made.keys() == here.keys()
    assert {k: v for k, v in made.items() if k != first} == {
        k: v for k, v in here.items() if k != first}
    check = fresh.run("asobi", "variant", "check", str(where / "my-table.yaml"))
    assert check.returncode == 0 and "ok (Goofspiel" in check.stdout, check.stderr


@FRESH
@pytest.mark.slow
@pytest.mark.parametrize("game", ["duel", "goofspiel"])
def test_a_game_plays_to_the_end_in_the_text_frontend_and_the_new_frontend(fresh, game):
    games = fresh.run("asobi", "games")
    assert game in games.stdout and "random, search" in games.stdout, games.stderr
    text = fresh.run("asobi", "play", game, "--players", "human,ai:random", "--seed", "5",
                     stdin="1\n" * 40)
    assert text.returncode == 0 and "Game over." in text.stdout, text.stdout + text.stderr
    plain = fresh.run("asobi", "play", game, "--frontend", "plain", "--prompt", "choice? ",
                      "--players", "human,ai:search", "--seed", "5", stdin="1\n" * 40)
    assert plain.returncode == 0, plain.stdout + plain.stderr
    assert "choice? " in plain.stdout and "Game over." in plain.stdout


@pytest.fixture(scope="module")
def server(fresh) -> Iterator[str]:
    """``asobi serve`` on a port the system picks (``--port 0``: a port found free beforehand
    may be taken by a test running beside this one); its URL, as the server announces it."""
    log = (fresh.work / "serve.log").open("w")
    proc = subprocess.Popen([str(fresh.bin / "asobi"), "serve", "--db", str(fresh.work / "db"),
                             "--port", "0"], stdout=subprocess.PIPE, stderr=log,
                            text=True, env=fresh.env())
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert "serving on" in line, (fresh.work / "serve.log").read_text()
        url = re.search(r"serving on (http://127\.0\.0\.1:\d+)/", line)
        assert url is not None, line
        yield url.group(1)
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()


@FRESH
@pytest.mark.slow
@pytest.mark.parametrize("game", ["duel", "goofspiel"])
def test_a_game_plays_to_the_end_through_the_web_api(server, game):
    view = httpx2.get(f"{server}/assets/{game}/view.js")
    if game == "goofspiel":  # a view of its own
        assert view.status_code == 200 and "export function mount" in view.text
        assert httpx2.get(f"{server}/assets/{game}/view.css").status_code == 200
    else:  # a new game: the generic view draws it, from its text view
        assert view.status_code == 404
    created = httpx2.post(f"{server}/api/games",
                          json={"game": game, "seats": ["human", "ai:random"]})
    assert created.status_code == 201, created.text
    url = f"{server}/api/play/{created.json()['id']}"
    headers = {"X-Asobi-Token": created.json()["token"]}
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        payload = httpx2.get(url, headers=headers).json()
        if payload["finished"]:
            break
        if not payload["legal"]:
            time.sleep(0.01)  # the AI's move is being made
            continue
        moved = httpx2.post(f"{url}/act", headers=headers,
                            json={"index": 0, "version": payload["version"]})
        assert moved.status_code in (200, 409), moved.text
    assert payload["finished"] and payload["result"]["finished"], payload
    assert payload["narration"] and payload["result"]["rounds"]
    strings = httpx2.get(f"{server}/api/strings/pt?game={game}").json()["game"]
    assert strings["you"] == "você"
    text = httpx2.get(f"{url}?lang=pt", headers=headers).json()["text"]
    assert (text is None) if game == "goofspiel" else ("Suas cartas: nada" in text)
