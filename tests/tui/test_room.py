"""The tables use the room a terminal gives (issue 24): at 100x30 (in English, Portuguese,
Italian and Japanese) and 120x40 Koi-Koi's tiles show every card's full name and Sakura's
cards their whole text; at 80x24 the compact tiles stay, within the view."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

from asobi.i18n import translator
from asobi_frontends.tui.app import TableApp
from asobi_koikoi.cards import INDEX
from asobi_koikoi.names import card_name
from asobi_koikoi.tuiview.tiles import full_name_width, short_name
from asobi_sakura.view import garden_text, painter_text
from support.tui import make_launch, settle

pytestmark = pytest.mark.anyio


async def _table_text(
    installed, size: tuple[int, int], lang: str = "en", seed: int = 5
) -> tuple[str, list[str]]:
    app = TableApp(make_launch(installed, "koikoi", "human,ai:easy", seed=seed, lang=lang))
    async with app.run_test(size=size) as pilot:
        assert await settle(pilot, app) == "turn"
        hand = list(app._menu.observation["hand"])
        return app.view.text, hand


async def test_full_names_at_100x30(installed):
    text, hand = await _table_text(installed, (100, 30))
    hand_part = text.split("Your hand:")[1].split("Your captures:")[0]
    assert "…" not in hand_part
    _ = translator("asobi_koikoi", "en")
    assert all(short_name(_, card) in hand_part for card in hand)
    assert "12 paulownia" in text


async def test_portuguese_names_whole_at_100x30(installed):
    """Portuguese names end with their plant ("Fita de poesia da cerejeira"): the tile drops
    it with its connector, as the month line above names the plant, and every name fits."""
    text, hand = await _table_text(installed, (100, 30), lang="pt")
    hand_part = text.split("Sua mão:")[1].split("Suas capturas:")[0]
    assert "…" not in text.split("Mesa:")[1]
    _ = translator("asobi_koikoi", "pt")
    assert all(short_name(_, card) in hand_part for card in hand)
    assert short_name(_, "cherry-ribbon") == "Fita de poesia"
    assert short_name(_, "peony-ribbon") == "Fita azul"


@pytest.mark.parametrize("seed", [5, 19])
async def test_italian_names_whole_at_100x30(installed, seed):
    """Italian names drop their plant after an elided connector too ("Nastro blu dell'acero"
    -> "Nastro blu"), and the rain man, whose name would need 24 cells without its plant,
    has a shorter wording on the tile. Seed 19 deals him to the hand and the maple ribbon to
    the board."""
    text, hand = await _table_text(installed, (100, 30), lang="it", seed=seed)
    board = text.split("Tavola:")[1].split("La tua mano:")[0]
    hand_part = text.split("La tua mano:")[1].split("Le tue prese:")[0]
    assert "…" not in board + hand_part
    _ = translator("asobi_koikoi", "it")
    assert all(short_name(_, card) in hand_part for card in hand)
    if seed == 19:
        assert "l'uomo della pioggia" in hand_part and "Nastro blu" in board
        assert "dell'acero" not in board


@pytest.mark.parametrize("lang", ["en", "pt", "it", "ja"])
def test_every_tile_name_is_whole_words_of_the_card_in_four_tiles_a_row(lang):
    """Every card of the deck, dealt or not: its tile wording keeps whole words of its name
    (it drops the plant, a connector, never part of a word), and a one-line tile holds it
    with four tiles a row in the 100 columns of a 100x30 terminal."""
    _ = translator("asobi_koikoi", lang)
    for card in INDEX:
        name, short = card_name(_, card), short_name(_, card)
        if lang == "ja":
            assert short in name
        else:
            assert set(short.split()) <= set(name.split()), (card, short)
    assert full_name_width(_, 3, sake_is_plain=True) + 2 <= 101 // 4 - 1


async def test_compact_tiles_at_80x24(installed):
    text, _hand = await _table_text(installed, (80, 24))
    assert "…" in text.split("Your hand:")[1]


@pytest.mark.slow
async def test_koikoi_full_names_at_120x40_beside_the_choices(installed):
    """120x40 puts the choices beside the table: the view keeps 80 columns, and its taller
    tiles show every name whole."""
    text, hand = await _table_text(installed, (120, 40))
    hand_part = text.split("Your hand:")[1].split("Your captures:")[0]
    board_part = text.split("Board:")[1].split("Your hand:")[0]
    assert "…" not in hand_part + board_part
    _ = translator("asobi_koikoi", "en")
    assert all(short_name(_, card) in hand_part for card in hand)


SAKURA_SEATS = {2: "human,ai:easy", 4: "human,ai:easy,ai:easy,ai:easy"}


async def _sakura_turns(installed, players: int, size: tuple[int, int], turns: int = 4):
    """The Sakura view at ``size`` at each of the first ``turns`` turns of seat 1 (its text,
    the hand, how far it would scroll). Seed 3: by the fourth round the hand holds the card
    with the longest text ("painter jumps in front of the next painter ahead")."""
    app = TableApp(make_launch(installed, "sakura", SAKURA_SEATS[players], seed=3))
    seen = []
    async with app.run_test(size=size) as pilot:
        while len(seen) < turns:
            state = await settle(pilot, app)
            if state == "turn":
                view = app.view
                seen.append((view.text, list(app._menu.observation["hand"]),
                             view.max_scroll_y))
            await pilot.press("enter" if state == "text" else "1")
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_sakura_cards_whole_where_there_is_room(installed, players, size):
    """Both halves of every card of the hand whole (a cut text ends in …), nothing to
    scroll, at every turn; the longest text among them."""
    _ = translator("asobi_sakura", "en")
    turns = await _sakura_turns(installed, players, size)
    for text, hand, overflow in turns:
        hand_part = text.split("Your hand:")[1]
        assert "…" not in hand_part and overflow == 0
        for card in hand:
            for half in (garden_text(card, _), painter_text(card, _)):
                assert set(half.split()) <= set(hand_part.split())
    assert any(card["painter"] == "jump" for _text, hand, _o in turns for card in hand)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
async def test_sakura_at_80x24_stays_in_the_view(installed, players):
    """The compact table: the hand is cut to what the view holds, nothing to scroll."""
    for text, _hand, overflow in await _sakura_turns(installed, players, (80, 24)):
        assert overflow == 0 and "Your hand:" in text



def _seen_choices(app) -> str:
    """The text of the list of choices, every line one scrolls through, whitespace dropped."""
    choices = app.query_one("#choices")
    choices.scroll_home(animate=False)
    rows = choices.virtual_size.height
    return "".join("".join(choices.render_line(y).text.split()) for y in range(rows))


@pytest.mark.parametrize("game, lang, size, turn", [
    ("koikoi", "en", (100, 30), 1), ("koikoi", "it", (100, 30), 2),
    ("koikoi", "ja", (80, 24), 1), ("koikoi", "en", (160, 45), 1),
    ("sakura", "en", (100, 30), 2), ("sakura", "ja", (80, 24), 2),
])
async def test_every_choice_is_whole_on_screen(installed, game, lang, size, turn):
    """Every option of the list shows its whole label, its last wrapped line included
    ("(stays on the board)", the closing "）"), even where the label wraps within the
    scrollbar's width. Seed 5: each of these turns has such a label."""
    app = TableApp(make_launch(installed, game, "human,ai:easy", seed=5, lang=lang))
    async with app.run_test(size=size) as pilot:
        for _ in range(turn - 1):
            assert await settle(pilot, app) == "turn"
            await pilot.press("1")
        assert await settle(pilot, app) == "turn"
        await pilot.pause()
        seen = _seen_choices(app)
        for option in app.query_one("#choices").options:
            assert "".join(str(option.prompt).split()) in seen, str(option.prompt)


async def test_the_keys_bar_keeps_quit_at_80_columns_in_every_language(installed):
    """Italian words make the spaced-out bar 86 cells wide: it closes up, and `q` with its
    word stays on screen (the issue saw "esci" lost)."""
    app = TableApp(make_launch(installed, "koikoi", "human,ai:easy", seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot, app) == "turn"
        for lang in ("en", "pt", "it", "ja"):
            while app.lang != lang:
                await pilot.press("l")
            await pilot.pause()
            bar = app.query_one("#keys").render_line(0).text
            quit_word = translator("asobi_frontends.tui", lang)("quit")
            assert re.search(rf"q\s+{quit_word}$", bar.rstrip()), (lang, bar)
            assert cell_len(bar.rstrip()) <= 80


async def test_a_cut_name_keeps_a_space_before_its_key_at_80x24(installed):
    """Compact tiles cut long names; the digit of the choice in the corner is not glued to
    the cut ("12 pa… 7", not "12 pau…7")."""
    text, _hand = await _table_text(installed, (80, 24))
    assert "…" in text and not re.search(r"…\d", text)


async def _turns(pilot, app: TableApp, count: int):
    """Each of the next ``count`` turns of seat 1, laid out (pages met on the way are read,
    and each turn is answered with its first choice)."""
    for _ in range(count):
        while (state := await settle(pilot, app)) != "turn":
            assert state in ("text", "choice"), state
            await pilot.press("enter" if state == "text" else "1")
        yield
        await pilot.press("1")


SLOW = pytest.mark.slow
GAMES_AND_LANGUAGES = [  # one of each in the quick lane
    ("koikoi", "en"), pytest.param("koikoi", "it", marks=SLOW),
    pytest.param("koikoi", "ja", marks=SLOW), pytest.param("sakura", "en", marks=SLOW),
    pytest.param("sakura", "it", marks=SLOW), ("sakura", "ja"),
]


@pytest.mark.parametrize("game, lang", GAMES_AND_LANGUAGES)
async def test_no_empty_row_between_the_table_and_the_choices_at_80x24(installed, game, lang):
    """The table takes the rows it draws, whole, and the choices begin on the next row (the
    issue saw two blank rows above them while names were cut)."""
    app = TableApp(make_launch(installed, game, "human,ai:easy", seed=5, lang=lang))
    async with app.run_test(size=(80, 24)) as pilot:
        async for _turn in _turns(pilot, app, 2):
            view, choices = app.view, app.query_one("#choices")
            drawn = view.text.splitlines()
            assert view.region.bottom == choices.region.y  # nothing between them
            assert view.region.height == len(drawn) and drawn[-1].strip()  # no blank row
            assert view.max_scroll_y == 0  # all of it on screen


@pytest.mark.parametrize("lang", ["en", pytest.param("it", marks=SLOW),
                                  pytest.param("ja", marks=SLOW)])
async def test_every_board_card_whole_at_100x30(installed, lang):
    _ = translator("asobi_koikoi", lang)
    heads = {"en": ("Board:", "Your hand:"), "it": ("Tavola:", "La tua mano:"),
             "ja": ("場札：", "手札：")}[lang]
    app = TableApp(make_launch(installed, "koikoi", "human,ai:easy", seed=5, lang=lang))
    async with app.run_test(size=(100, 30)) as pilot:
        async for _turn in _turns(pilot, app, 2):
            board = app.view.text.split(heads[0])[1].split(heads[1])[0]
            assert "…" not in board and app.view.max_scroll_y == 0
            for card in app._menu.observation["board"]:
                assert short_name(_, card) in board, card


async def test_the_choices_get_the_rows_the_table_leaves_at_100x30(installed):
    """Sakura's table is 11 rows at 100x30: the list below it shows all five choices (each
    over two lines) without scrolling."""
    app = TableApp(make_launch(installed, "sakura", "human,ai:easy", seed=2))
    async with app.run_test(size=(100, 30)) as pilot:
        async for _turn in _turns(pilot, app, 1):
            choices = app.query_one("#choices")
            assert app.view.region.bottom == choices.region.y
            assert len(choices.options) == 5 and choices.max_scroll_y == 0


@pytest.mark.parametrize("game, lang", [
    pytest.param("koikoi", "en", marks=SLOW), ("koikoi", "it"),
    pytest.param("koikoi", "ja", marks=SLOW), pytest.param("sakura", "ja", marks=SLOW),
])
async def test_nothing_cut_at_160x45_and_the_story_under_the_table(installed, game, lang):
    """At 160x45 the choices take the right-hand column, the table the rest of the width, and
    the story the rows the table leaves under it; no name, text or line is cut."""
    app = TableApp(make_launch(installed, game, "human,ai:easy", seed=5, lang=lang))
    async with app.run_test(size=(160, 45)) as pilot:
        async for _turn in _turns(pilot, app, 2):
            view, choices, story = app.view, app.query_one("#choices"), app.query_one("#log")
            assert "…" not in view.text and view.max_scroll_y == 0
            assert not any("…" in str(option.prompt) for option in choices.options)
            assert not any("…" in strip.text for strip in story.lines)
            assert (story.region.x, story.region.y) == (0, view.region.bottom)
            assert choices.region.x >= view.region.right and choices.region.height == 43


async def test_six_board_cards_share_the_width_at_80x24(installed):
    """Seed 7, the second turn: six cards on the board. Their tiles share the 80 columns
    (the issue saw them take 60, names cut), so more of each name shows."""
    app = TableApp(make_launch(installed, "koikoi", "human,ai:easy", seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        turns = _turns(pilot, app, 2)
        await anext(turns)
        await anext(turns)
        assert len(app._menu.observation["board"]) == 6
        rows = app.view.text.splitlines()
        first_row = rows[rows.index("Board:") + 1]
        assert cell_len(first_row) >= 72 and first_row.count("…") < 6
        await turns.aclose()
