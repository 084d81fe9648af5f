"""A game where no person plays is told to an onlooker: every seat by its number, never
"you" or "the opponent", in every language (narration speaks to the person at the table)."""

from __future__ import annotations

import io
import sys

import pytest

from asobi.cli.main import main

#: words that address a player, per language (they must not appear when nobody plays)
ADDRESSED = {
    "en": ["You ", "you ", "(you)", "Your ", "opponent"],
    "pt": ["Você", "você", "oponente", "adversário"],
    "it": ["(tu)", "Tu ", " tuo", " tua", "avversario"],
    "ja": ["あなた", "相手"],
}


@pytest.mark.parametrize("lang", list(ADDRESSED))
@pytest.mark.parametrize(("game", "players"), [
    ("koikoi", "ai:random,ai:random"), ("sakura", "ai:random,ai:random,ai:random")])
def test_an_all_ai_game_names_every_seat(installed, monkeypatch, capsys, game, players, lang):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", game, "--players", players, "--seed", "7", "--lang", lang]) == 0
    out = capsys.readouterr().out
    narration = [line for line in out.splitlines() if line.startswith("  ")]
    assert len(narration) > 10
    for line in narration:
        for word in ADDRESSED[lang]:
            assert word not in line, line
    seat = {"en": "Seat 1", "pt": "Lugar 1", "it": "Posto 1", "ja": "席1"}[lang]
    assert any(seat in line for line in narration)


def test_a_person_at_the_table_is_still_spoken_to(installed, monkeypatch, capsys):
    moves = "\n".join(["1"] * 400) + "\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(moves))
    main(["play", "koikoi", "--players", "human,ai:random", "--seed", "7"])
    out = capsys.readouterr().out
    assert "You play " in out and "The opponent plays " in out
