"""Text views of Sakura: the garden line, hands, descriptions of actions and events, rules.

Everything here works from observations, events and the rules mapping (JSON data), never
from the engine's state, and every user-facing string goes through the translator.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from asobi.contract.model import ScoreRow
from asobi.i18n import Translator, translator

PACKAGE = "asobi_sakura"
Tr = Translator

EMPTY_SYMBOL = {"gate": "G", "plain": ".", "bridge": "=", "torii": "T", "tree": "*"}
SCORED_TREE = "+"


def _tr(lang: str) -> Tr:
    return translator(PACKAGE, lang)


def painter_mark(painter: int, players: int) -> str:
    """One character for a painter on the garden line: its seat number, N for the neutral."""
    return "N" if painter >= players else str(painter + 1)


def painter_name(painter: int, players: int, me: int | None, _: Tr, start: bool = False) -> str:
    """A painter named like the rest of asobi names seats (``Seat 2``); the neutral painter
    with a capital when the name ``start``s a sentence."""
    if painter >= players:
        return _("The neutral painter") if start else _("the neutral painter")
    if painter == me:
        return _("Seat {n} (you)").format(n=painter + 1)
    return _("Seat {n}").format(n=painter + 1)


def garden_text(card: Mapping[str, Any], _: Tr) -> str:
    kind, n = card["garden"], card["move"]
    return {
        "emperor-forward": _("Emperor {n} forward"),
        "emperor-back": _("Emperor {n} back"),
        "emperor-either": _("Emperor {n} forward or back"),
        "closest-back": _("closest painter {n} back"),
        "furthest-forward": _("furthest painter {n} forward"),
    }[kind].format(n=n)


def painter_text(card: Mapping[str, Any], _: Tr) -> str:
    kind, n = card["painter"], card["steps"]
    return {
        "forward": _("painter {n} forward"),
        "either": _("painter {n} forward or back"),
        "jump": _("painter jumps in front of the next painter ahead"),
        "count": _("painter 1 forward per painter ahead"),
    }[kind].format(n=n)


def card_text(card: Mapping[str, Any], _: Tr) -> str:
    """``"12: Emperor 2 forward / painter 3 forward"``."""
    return f"{card['number']:>2}: {garden_text(card, _)} / {painter_text(card, _)}"


# ---------------------------------------------------------------------- the garden line


def garden_line(obs: Mapping[str, Any]) -> str:
    """The whole path on one line: pieces over their spaces, the gate lists who waits there."""
    players = obs["players"]
    spaces = obs["spaces"]
    scored = dict(zip(obs["trees"], obs["scored"], strict=True))
    cells: list[str] = []
    for i, kind in enumerate(spaces):
        here = [painter_mark(p, players) for p, pos in enumerate(obs["painters"]) if pos == i]
        if i == 0:
            cells.append("G" + ("(" + "".join(here) + ")" if here else ""))
        elif i == obs["emperor"]:
            cells.append("E")
        elif here:
            cells.append(here[0])
        elif kind == "tree" and scored.get(i):
            cells.append(SCORED_TREE)
        else:
            cells.append(EMPTY_SYMBOL[kind])
    return " ".join(cells)


def render(obs: Mapping[str, Any], lang: str) -> str:
    _ = _tr(lang)
    players = obs["players"]
    me = obs["seat"]
    lines: list[str] = []
    lines.append(_("Sakura, round {round}").format(round=obs["round"]))
    lines.append(garden_line(obs))
    lines.append(
        _("E Emperor, 1-6 painters, N neutral painter, * cherry tree (+ scored), = bridge,"
          " T torii, G gate")
    )
    names = [painter_name(p, players, me, _) for p in range(len(obs["painters"]))]
    tokens = ", ".join(f"{name} {t}" for name, t in zip(names, obs["tokens"], strict=True))
    lines.append(_("Tokens: {list}; supply {supply}").format(list=tokens, supply=obs["supply"]))
    if obs["plays"]:
        status = {
            "waiting": _("waiting"),
            "current": _("now"),
            "resolved": _("done"),
            "discarded": _("discarded"),
        }
        lines.append(_("Cards revealed in round {round}:").format(round=obs["plays_round"]))
        for play in obs["plays"]:
            who = painter_name(play["painter"], players, me, _)
            lines.append(f"  {card_text(play['card'], _)}  ({who}, {status[play['status']]})")
    lines.append(_("Your hand:"))
    for card in obs["hand"]:
        lines.append("  " + card_text(card, _))
    if obs.get("my_pick"):
        lines.append(_("Your card this round: {card}").format(card=card_text(obs["my_pick"], _)))
    if obs.get("my_neutral_pick"):
        lines.append(
            _("Card given to the neutral painter: {card}").format(
                card=card_text(obs["my_neutral_pick"], _)
            )
        )
    lines.append(status_line(obs, _))
    return "\n".join(lines)


def status_line(obs: Mapping[str, Any], _: Tr) -> str:
    players = obs["players"]
    if obs["phase"] == "over":
        return "\n".join([_("The game is over.")] + summary_table(obs, _))
    if obs["phase"] == "choose":
        pending = obs["pending"]
        who = painter_name(pending["seat"], players, obs["seat"], _)
        if pending["kind"] == "emperor":
            return _("Card {card}: {who} must choose where the Emperor goes.").format(
                card=pending["card"], who=who
            )
        return _("Card {card}: {who} must choose which way the painter goes.").format(
            card=pending["card"], who=who
        )
    waiting = [
        painter_name(s, players, obs["seat"], _)
        for s in range(players)
        if not obs["picked"][s]
    ]
    chooser_seat = obs.get("neutral_chooser")
    chooser = (
        painter_name(chooser_seat, players, obs["seat"], _) if chooser_seat is not None else ""
    )
    if not waiting:
        # every seat has picked: only the neutral painter's card is missing (``hand`` mode)
        return _("Waiting for {who} to give the neutral painter its card.").format(who=chooser)
    line = _("Waiting for a card from: {who}").format(who=", ".join(waiting))
    if chooser_seat is not None:
        line += " " + _("({who} gives the neutral painter its card this round)").format(
            who=chooser
        )
    return line


# ---------------------------------------------------------------------- actions and events


def describe_action(obs: Mapping[str, Any], action: Mapping[str, Any], lang: str) -> str:
    _ = _tr(lang)
    cards = {c["number"]: c for c in obs.get("hand", [])}
    if "card" in action:
        card = cards.get(action["card"])
        text = card_text(card, _) if card else str(action["card"])
        return _("Play {card}").format(card=text)
    if "neutral" in action:
        card = cards.get(action["neutral"])
        text = card_text(card, _) if card else str(action["neutral"])
        return _("Give the neutral painter {card}").format(card=text)
    pending = obs.get("pending") or {}
    play = next((p["card"] for p in obs.get("plays", []) if p["status"] == "current"), None)
    if "emperor" in action:
        n = play["move"] if play else 1
        if action["emperor"] == "forward":
            return _("Emperor {n} forward").format(n=n)
        return _("Emperor {n} back").format(n=n)
    if "direction" in action:
        n = play["steps"] if play else pending.get("steps", 1)
        if action["direction"] == "forward":
            return _("Your painter {n} forward").format(n=n)
        return _("Your painter {n} back").format(n=n)
    return str(dict(action))


def describe_event(event: Mapping[str, Any], seat: int | None, lang: str) -> str | None:
    """One line for ``event`` as ``seat`` sees it (painters named from ``seat``'s view; the
    plugin stamps every event with ``players`` so the neutral painter can be named)."""
    _ = _tr(lang)
    if "seats" in event and seat not in event["seats"]:
        return None
    count = int(event.get("players", 6))

    def who(painter: int, start: bool = False) -> str:
        return painter_name(painter, count, seat, _, start)

    kind = event["type"]
    if kind == "picked":
        return _("{who} has picked a card.").format(who=who(event["seat"], True))
    if kind == "reveal":
        shown = ", ".join(f"{c['card']} ({who(c['painter'])})" for c in event["cards"])
        return _("Cards revealed: {cards}").format(cards=shown)
    if kind == "resolve":
        return _("Card {card} of {who} resolves.").format(
            card=event["card"], who=who(event["painter"])
        )
    if kind == "emperor":
        if event["from"] == event["to"]:
            return _("The Emperor stays on space {to}.").format(to=event["to"])
        return _("The Emperor walks from space {frm} to space {to}.").format(
            frm=event["from"], to=event["to"]
        )
    if kind == "painter":
        if event["from"] == event["to"]:
            return None
        return _("{who} moves from space {frm} to space {to}.").format(
            who=who(event["painter"], True), frm=event["from"], to=event["to"]
        )
    if kind == "bump":
        lost = int(event["tokens"])
        if lost == 0:
            text = _("{who} bumps into the Emperor, has no token to lose and steps back to "
                     "space {to}.")
        else:
            text = _.n("{who} bumps into the Emperor, loses {tokens} token and steps back to "
                       "space {to}.",
                       "{who} bumps into the Emperor, loses {tokens} tokens and steps back to "
                       "space {to}.", lost)
        return text.format(who=who(event["painter"], True), tokens=lost, to=event["to"])
    if kind == "choice":
        direction = _("forward") if event["direction"] == "forward" else _("back")
        return _("{who} chooses {direction}.").format(
            who=who(event["seat"], True), direction=direction
        )
    if kind == "tree":
        gains = ", ".join(
            f"{who(p)} +{event['points'][p]}" for p in event["ranking"] if event["points"][p]
        )
        return _("The Emperor stops at cherry tree {tree}: {gains}.").format(
            tree=event["tree"], gains=gains or "-"
        )
    if kind == "regroup":
        return _("The painters regroup behind the leader.")
    if kind == "draw":
        return _("You draw {cards}.").format(cards=", ".join(str(c) for c in event["cards"]))
    if kind == "reshuffle":
        return _("The discard pile is shuffled into a new deck.")
    if kind == "round":
        return _("Round {round} begins.").format(round=event["round"])
    if kind == "game_over":
        if event["winner"] is None:
            line = _("The game is over: a draw.")
        else:
            line = _("The game is over: {who} wins.").format(who=who(event["winner"]))
        if "rounds" not in event:
            return line
        rows = tally(event["start_tokens"], event["trees"], event["rounds"], event["scores"])
        sentences = [line] + [
            seat_sentence(rows, s, who(s), _) for s in range(len(event["scores"]))
        ]
        return "\n  ".join(sentences)
    return None


# ---------------------------------------------------------------------- the end summary


START, TREE, BUMPS, TOTAL = "start", "tree", "bumps", "total"


def tally(
    start: int,
    trees: Sequence[int],
    rounds: Sequence[Mapping[str, Any]],
    scores: Sequence[int],
) -> list[tuple[str, int, int, list[int]]]:
    """The end summary's rows as ``(kind, tree, space, values per seat)``, adding up:
    starting tokens, each scored tree's gains (``rounds``, in the order they scored), the
    tokens lost to bumps (what the other rows leave unexplained: tokens change only at trees
    and in bumps), and the final scores."""
    seats = len(scores)
    rows: list[tuple[str, int, int, list[int]]] = [(START, 0, 0, [start] * seats)]
    for entry in rounds:
        tree = int(entry["tree"])
        rows.append((TREE, tree, trees[tree - 1], [int(p) for p in entry["points"]]))
    gained = [sum(row[3][s] for row in rows) for s in range(seats)]
    rows.append((BUMPS, 0, 0, [scores[s] - gained[s] for s in range(seats)]))
    rows.append((TOTAL, 0, 0, list(scores)))
    return rows


def _row_label(kind: str, tree: int, space: int, _: Tr) -> str:
    return {
        START: _("Starting tokens"),
        TREE: _("Tree {tree} (space {space})"),
        BUMPS: _("Lost in bumps"),
        TOTAL: _("Final score"),
    }[kind].format(tree=tree, space=space)


def _signed(kind: str, value: int) -> str:
    if kind in (TREE, BUMPS):
        return f"{value:+d}" if value else "0"
    return str(value)


def _width(text: str) -> int:
    """Columns ``text`` takes in a terminal (East Asian wide characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int, right: bool) -> str:
    gap = " " * max(0, width - _width(text))
    return gap + text if right else text + gap


def score_rows(obs: Mapping[str, Any], lang: str) -> list[ScoreRow]:
    """The rows of the final table a frontend draws (``asobi_score_rows``): the starting
    tokens, each tree as it scored, the tokens lost in bumps; they add up to the scores."""
    _ = _tr(lang)
    scores = obs["tokens"][: obs["players"]]
    rows = tally(obs["start_tokens"], obs["trees"], obs["rounds"], scores)
    return [ScoreRow(_row_label(kind, tree, space, _), tuple(values))
            for kind, tree, space, values in rows if kind != TOTAL]


def summary_table(obs: Mapping[str, Any], _: Tr) -> list[str]:
    """The end summary as aligned text lines: a column per seat, a row per step."""
    players = obs["players"]
    scores = obs["tokens"][:players]
    rows = tally(obs["start_tokens"], obs["trees"], obs["rounds"], scores)
    names = [painter_name(s, players, obs["seat"], _) for s in range(players)]
    labels = [_row_label(kind, tree, space, _) for kind, tree, space, _v in rows]
    cells = [[_signed(kind, v) for v in values] for kind, _t, _s, values in rows]
    first = max(_width(label) for label in labels)
    widths = [max([_width(name)] + [_width(row[s]) for row in cells]) for s, name in
              enumerate(names)]
    lines = [_("Tokens, tree by tree")]
    lines.append("  " + _pad("", first, False) + "".join(
        "  " + _pad(name, w, True) for name, w in zip(names, widths, strict=True)))
    for label, row in zip(labels, cells, strict=True):
        lines.append("  " + _pad(label, first, False) + "".join(
            "  " + _pad(cell, w, True) for cell, w in zip(row, widths, strict=True)))
    return lines


def seat_sentence(
    rows: Sequence[tuple[str, int, int, list[int]]], seat: int, who: str, _: Tr
) -> str:
    """One seat's summary in a sentence that adds up (for the event log)."""
    start = total = lost = 0
    gains: list[str] = []
    for kind, tree, _space, values in rows:
        value = values[seat]
        if kind == START:
            start = value
        elif kind == TREE:
            gains.append(_("{points} at tree {tree}").format(points=_signed(kind, value),
                                                              tree=tree))
        elif kind == BUMPS:
            lost = -value
        else:
            total = value
    if lost == 0:
        bumps = _("no token lost in bumps")
    else:
        bumps = _.n("{n} token lost in bumps", "{n} tokens lost in bumps", lost).format(n=lost)
    return _("{who}: {start} to start, {gains}; {bumps}; {total} in all.").format(
        who=who, start=start, gains=", ".join(gains) or "-", bumps=bumps, total=total
    )
