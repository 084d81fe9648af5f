"""The rules page of a Sakura variant (``asobi rules sakura``, the browser's rules page): the
garden, a round, scoring, the deck, and what differs at some numbers of players."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from asobi_sakura.cards import PAINTER_KINDS_WITH_STEPS
from asobi_sakura.garden import build_garden
from asobi_sakura.rules import mapping_for_players, player_overrides
from asobi_sakura.view import EMPTY_SYMBOL, Tr, _tr, garden_text, painter_text


def bump_text(loss: int, back: int, _: Tr) -> str:
    """The rule of bumps, in the right number for the tokens lost and the spaces gone back."""
    distance = _.n("{n} empty space", "{n} empty spaces", back).format(n=back)
    if loss == 0:
        text = _("A painter who reaches or passes the Emperor bumps him: loses no token but "
                 "goes {distance} back from him. The Emperor stepping back onto a painter "
                 "bumps that painter too.")
    else:
        text = _.n("A painter who reaches or passes the Emperor bumps him: loses {loss} token "
                   "and goes {distance} back from him. The Emperor stepping back onto a "
                   "painter bumps that painter too.",
                   "A painter who reaches or passes the Emperor bumps him: loses {loss} tokens "
                   "and goes {distance} back from him. The Emperor stepping back onto a "
                   "painter bumps that painter too.", loss)
    return text.format(loss=loss, distance=distance)


def by_players_lines(rules: Mapping[str, Any], _: Tr) -> list[str]:
    """What differs at some numbers of players (``by_players``): one block per number."""
    lines: list[str] = []
    for players, changed in sorted(player_overrides(rules).items()):
        mine = mapping_for_players(rules, players)
        lines.append(_("With {n} players").format(n=players))
        if "hand_size" in changed:
            lines.append("  " + _.n("Hands of {hand} card.", "Hands of {hand} cards.",
                                    mine["hand_size"]).format(hand=mine["hand_size"]))
        if "garden" in changed:
            many = players >= mine["many_players"]
            garden = build_garden(mine["garden"]["path"], mine["garden"][
                "bridge_spaces_many" if many else "bridge_spaces"])
            lines.append("  " + _("The garden has {spaces} spaces; cherry trees on spaces "
                                  "{trees}.").format(
                spaces=garden.size, trees=", ".join(str(t) for t in garden.trees)))
        tokens = changed.get("tokens", {})
        if "bump_back" in changed or "bump_loss" in tokens:
            lines.append("  " + bump_text(mine["tokens"]["bump_loss"], mine["bump_back"], _))
        if "start" in tokens or "total" in tokens:
            lines.append("  " + _("Each painter starts with {start} tokens; {total} tokens in "
                                  "all.").format(**mine["tokens"]))
        if "scoring" in changed:
            key = "places_many" if players >= mine["many_players"] else "places"
            lines.append("  " + _("Scoring at each tree (closest painter first)") + ": "
                         + " / ".join(map(str, mine["scoring"][key])))
        lines.append("")
    return lines


def rules_text(rules: Mapping[str, Any], lang: str) -> str:
    _ = _tr(lang)
    lines: list[str] = [_("Sakura: the rules of this variant"), ""]
    garden = rules["garden"]
    small = build_garden(garden["path"], garden["bridge_spaces"])
    big = build_garden(garden["path"], garden["bridge_spaces_many"])
    lines.append(_("The garden"))
    lines.append(
        _("{spaces} spaces from the gate (0) to the last cherry tree; with {many} or more "
          "players the bridges are wider: {big_spaces} spaces.").format(
            spaces=small.size, many=rules["many_players"], big_spaces=big.size
        )
    )
    lines.append(
        _("Emperor starts on the torii (space {torii}); cherry trees on spaces {trees}.").format(
            torii=small.torii, trees=", ".join(str(t) for t in small.trees)
        )
    )
    lines.append(
        "  "
        + " ".join(
            "G" if i == 0 else EMPTY_SYMBOL[kind] for i, kind in enumerate(small.kinds)
        )
    )
    lines.append("")
    lines.append(_("A round"))
    for text in (
        _("Everyone picks a card in secret; all are revealed together."),
        _("Cards resolve from the lowest number: first the garden action, then the painter "
          "action of the card's player."),
        _("Moves count only empty spaces. Only the gate can hold several painters."),
        bump_text(rules["tokens"]["bump_loss"], rules["bump_back"], _),
        _("The first time the Emperor reaches a cherry tree he stops: the current card's "
          "painter action still happens, the other cards of the round are discarded, and the "
          "tree scores. Then the painters regroup behind the leader."),
        _("Everyone refills to {hand} cards. The game ends when the last tree has scored; "
          "most tokens wins, a tie goes to the tied player closest to the Emperor.").format(
            hand=rules["hand_size"]
        ),
    ):
        lines.append("- " + text)
    lines.append("")
    scoring = rules["scoring"]
    lines.append(_("Scoring at each tree (closest painter first)"))
    places = list(scoring["places"])
    lines.append("  " + _("2 to {n} players: {points}").format(
        n=rules["many_players"] - 1, points=" / ".join(map(str, places))))
    lines.append("  " + _("{n} players or more: {points}").format(
        n=rules["many_players"], points=" / ".join(map(str, scoring["places_many"]))))
    lines.append("  " + _("At the last tree the closest painter gets {n}.").format(
        n=scoring["last_tree_first"]))
    if scoring.get("gate_ties", "unplaced") == "shared":
        lines.append("  " + _("Painters sharing the gate each take the place they tie for, "
                              "then move up together behind the painter ahead."))
    else:
        lines.append("  " + _("Painters sharing the gate take no place, and stay on the gate "
                              "when the others regroup."))
    tokens = rules["tokens"]
    lines.append("  " + _("Each painter starts with {start} tokens; {total} tokens in all.").format(
        start=tokens["start"], total=tokens["total"]))
    mode = rules["two_players"]["neutral_painter"]
    neutral = {
        "deck": _("With two players a neutral painter plays the top card of the deck."),
        "hand": _("With two players the players take turns giving a neutral painter a card "
                  "from their hand."),
        "none": _("With two players there is no neutral painter."),
    }[mode]
    lines.append("  " + neutral)
    lines.append("")
    lines += by_players_lines(rules, _)
    deck = rules["deck"]
    lines.append(_("The deck: {n} cards").format(n=len(deck)))
    gardens = Counter((c["garden"], c["move"]) for c in deck)
    painters = Counter(
        (c["painter"], c.get("steps", 0) if c["painter"] in PAINTER_KINDS_WITH_STEPS else 0)
        for c in deck
    )
    for (kind, move), n in sorted(gardens.items()):
        sample = {"garden": kind, "move": move}
        lines.append(f"  {n:>2} x {garden_text(sample, _)}")
    for (kind, steps), n in sorted(painters.items()):
        sample = {"painter": kind, "steps": steps}
        lines.append(f"  {n:>2} x {painter_text(sample, _)}")
    return "\n".join(lines)
