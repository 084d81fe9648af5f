"""The words the text frontend and the tui share (``asobi_frontends.terminal``): one
catalogue, every message in every language and nowhere else; menus labelled from one
observation; and the save flow both frontends run (offer, retry on a bad name, give up)."""

from __future__ import annotations

import ast
import io
import string
from pathlib import Path

import pluggy
import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from asobi.contract.model import ScoreRow
from asobi.errors import AsobiError
from asobi.host.faults import PluginFault
from asobi.play.driver import Driver
from asobi.play.frontend import Launch
from asobi.play.session import Session, parse_seats
from asobi_frontends.terminal import (
    RECORD_NOT_SAVED,
    Ask,
    Presenter,
    SaveOutcome,
    answer_flow,
    save_flow,
)
from asobi_frontends.text.loop import TextGame

ROOT = Path(__file__).resolve().parents[2]
FRONTENDS = ROOT / "frontends" / "asobi_frontends"
FOLDERS = {"terminal": FRONTENDS / "terminal", "text": FRONTENDS / "text"}
LANGS = ["pt", "it", "ja"]


def _messages(folder: Path) -> set[str]:
    """The messages a frontend's modules pass to ``_`` (as a name or an attribute)."""
    found: set[str] = set()
    for module in folder.glob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name == "_":
                found.add(node.args[0].value)
    return found


def _catalogue(folder: Path, lang: str) -> dict[str, str]:
    return yaml.safe_load((folder / "locale" / f"{lang}.yaml").read_text("utf-8"))


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("package", sorted(FOLDERS))
def test_each_catalogue_has_every_message_its_modules_use_and_nothing_else(package, lang):
    folder = FOLDERS[package]
    catalogue = _catalogue(folder, lang)
    messages = _messages(folder)
    assert len(messages) > 5  # the scan finds the messages at all
    assert sorted(messages - set(catalogue)) == []
    assert sorted(set(catalogue) - messages) == [], "stale entries"
    for english, translated in catalogue.items():
        assert _fields(english) == _fields(translated), english
        assert translated.strip(), english


@pytest.mark.parametrize("lang", LANGS)
def test_a_shared_message_is_translated_once(lang):
    """Seat names, the hint line, the final table...: only in the shared catalogue, so the two
    frontends cannot say them two ways."""
    shared = set(_catalogue(FOLDERS["terminal"], lang))
    for frontend in ("text", "tui"):
        own = set(_catalogue(ROOT / "frontends" / "asobi_frontends" / frontend, lang))
        assert sorted(shared & own) == [], frontend


# ---------------------------------------------------------------------------- menus
def _nim_session(registry_of, seats: str = "human,ai:random") -> Session:
    game = registry_of(games={"nim": "asobi_nim"}).game("nim")
    return Session(game, game.load_variant(None), parse_seats(seats, game), seed=3)


def test_a_menu_is_labelled_from_one_observation(registry_of, monkeypatch):
    session = _nim_session(registry_of)
    hooks = session.game.hooks
    seen: list[int] = []
    observation = hooks.observation
    monkeypatch.setattr(hooks, "observation", lambda state, seat: seen.append(seat) or
                        observation(state, seat))
    presenter = Presenter.of(session, "en")
    menu = presenter.choices(0)
    assert seen == [0]
    assert len(menu.labels) == len(menu.legal) == 9
    assert menu.labels[0] == "take 1 from pile 1"
    assert [presenter.label(0, a) for a in menu.legal] == list(menu.labels)
    again = presenter.in_language("pt").choices(0, menu.observation, menu.legal)
    assert again.legal == menu.legal and seen == [0] * 10  # relabelled, nothing asked again


def test_seats_are_named_for_the_person_at_the_table_or_an_onlooker(registry_of):
    playing = Presenter.of(_nim_session(registry_of), "en")
    assert playing.seat_names() == ("Seat 1 (you)", "Seat 2 (AI, random)")
    watching = Presenter.of(_nim_session(registry_of, "ai:random,ai:random"), "ja")
    assert watching.person is None
    # nobody is "you"
    assert watching.seat_names() == ("席1（AI・ランダム）", "席2（AI・ランダム）")


def _played(registry, game: str, variant: str | None = None) -> Session:
    """A game played to its end by two random AI seats, told to the first seat."""
    found = registry.game(game)
    session = Session(found, found.load_variant(variant),
                      parse_seats("ai:random,ai:random", found), seed=4)
    driver = Driver(session)
    for seat in driver.turns():
        driver.play(seat, driver.decide(seat))
    return session


def _table(summary) -> tuple[list[str], list[list[int]], list[int]]:
    """The labels, the numbers of each row and the totals of a final table of two seats."""
    *rows, total = summary.table[1:]
    labels = [" ".join(row.split()[:-2]) for row in rows]
    return labels, [[int(c) for c in row.split()[-2:]] for row in rows], \
        [int(c) for c in total.split()[-2:]]


def test_a_game_that_starts_with_points_says_so_in_its_final_table(installed):
    """Koi-Koi Japan starts both players at 30: the table's first row says so, then a row
    per round by its month; the rows add up to the scores. Columns are headed by the seats,
    and the final scores name them."""
    session = _played(installed, "koikoi", "koikoi-japan")
    result = session.result()
    summary = Presenter(session, "en", 0).summary(result, session.observation(0))
    assert summary.table[0].split() == ["Seat", "1", "(you)", "Seat", "2"]
    labels, rows, total = _table(summary)
    assert labels[0] == "Starting points" and rows[0] == [30, 30]
    assert labels[1:] == [f"Round {n} (month {n})" for n in range(1, len(labels))]
    assert [sum(column) for column in zip(*rows, strict=True)] == total == result["scores"]
    assert summary.scores == f"Final scores: Seat 1 (AI, random): {total[0]}, " \
        f"Seat 2 (AI, random): {total[1]}"


def test_what_a_games_rows_leave_unexplained_is_a_row_of_its_own(registry_of, monkeypatch):
    """A game without rows of its own gets a row per round; points the rounds do not
    explain are one more row, so that the table still adds up (Nim scores no rounds)."""
    session = _played(registry_of(games={"nim": "asobi_nim"}), "nim")
    scores = session.result()["scores"]
    result = {**session.result(), "rounds": [{"points": [scores[0] + 1, scores[1]]}]}
    summary = Presenter(session, "ja", None).summary(result, session.observation(0))
    labels, rows, total = _table(summary)
    assert labels == ["第1局", "その他の得点"] and total == scores
    assert rows[1] == [-1, 0]
    assert [sum(column) for column in zip(*rows, strict=True)] == total


class ShortRows:
    """A plugin whose final table has one number for a game of two seats."""

    @pluggy.HookimplMarker("asobi")
    def asobi_score_rows(self, result, observation, lang):
        return [ScoreRow("Round 1", (3,))]


def test_rows_that_do_not_fit_the_seats_are_the_plugins_fault(registry_of):
    session = _played(registry_of(games={"nim": "asobi_nim"}), "nim")
    session.game.hooks.manager.register(ShortRows(), name="short-rows")
    with pytest.raises(PluginFault, match=r"`asobi_score_rows` returned .*expected a list of "
                                          r"ScoreRow, each with 2 points"):
        Presenter(session, "en", 0).summary(session.result(), session.observation(0))


def _text_game(registry_of, typed: str) -> tuple[TextGame, io.StringIO]:
    registry = registry_of(games={"nim": "asobi_nim"})
    game = registry.game("nim")
    out = io.StringIO()
    launch = Launch(registry=registry, game=game, variant=game.load_variant(None),
                    seats=parse_seats("human,ai:random", game), lang="en", seed=3)
    return TextGame(launch, out, io.StringIO(typed)), out


def test_the_text_frontend_asks_the_game_once_per_menu_however_often_it_is_shown(
    registry_of, monkeypatch
):
    """help, look, a wrong answer: the menu is shown again, from the same observation."""
    text, out = _text_game(registry_of, "help\nlook\nnonsense\n" + "1\n" * 20)
    hooks = text.session.game.hooks
    asked: list[int] = []
    observation = hooks.observation
    monkeypatch.setattr(hooks, "observation", lambda state, seat: asked.append(seat) or
                        observation(state, seat))
    assert text.run() == 0
    moves = text.session.moves
    people = sum(m["seat"] == 0 for m in moves)
    assert out.getvalue().count("Your choices:") >= people + 3
    # one observation per menu, and the last one the final table is told from; an AI
    # move: the one it decides from and its label's
    assert asked.count(0) == people + 1
    assert asked.count(1) <= 2 * (len(moves) - people)


# ---------------------------------------------------------------------------- saving
class Saver:
    """A session whose record saves under names that do not start with ``bad``."""

    def __init__(self) -> None:
        self.saved: list[Path] = []

    def save(self, path: Path) -> None:
        if path.name.startswith("bad"):
            raise AsobiError(f"cannot save the record to {path}: no")
        self.saved.append(path)


NAMES = st.one_of(st.none(), st.sampled_from(["bad1.json", "bad2.json", "good.json",
                                              "other.json"]))


@given(first=st.one_of(st.none(), st.sampled_from(["bad0.json", "given.json"])),
       answers=st.lists(NAMES, max_size=6))
def test_the_save_flow_saves_at_the_first_good_name_or_gives_up(first, answers):
    session = Saver()
    asked: list[Ask] = []
    replies = iter(answers)

    def answer(question: Ask) -> str | None:
        asked.append(question)
        return next(replies, None)

    flow = save_flow(session, None if first is None else Path(first),  # type: ignore[arg-type]
                     offer="offer?", retry="retry?")
    outcome = answer_flow(flow, answer)
    names = ([first] if first is not None else []) + list(answers)
    # the names tried, in order, up to the first that saves or the first empty answer
    tried = []
    for name in names:
        if name is None:
            break
        tried.append(name)
        if not name.startswith("bad"):
            break
    if tried and not tried[-1].startswith("bad"):
        assert outcome == SaveOutcome(Path(tried[-1]), 0)
        assert session.saved == [Path(tried[-1])]
    elif first is None and not tried:
        assert outcome == SaveOutcome(None, 0)  # skipping the offer is not a failure
    else:
        assert outcome == SaveOutcome(None, RECORD_NOT_SAVED) and outcome.gave_up
        assert session.saved == []
    failures = [a for a in asked if a.failure is not None]
    assert all(a.prompt == "retry?" and "cannot save" in a.failure for a in failures)
    assert len(failures) == sum(name.startswith("bad") for name in tried)
    assert [a.prompt for a in asked if a.failure is None] == (["offer?"] if first is None
                                                              else [])
