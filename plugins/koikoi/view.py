"""Text views of Koi-Koi: the terminal board, menu labels, event lines and the rules page.

Everything here reads observations, events and rule mappings (plain data); every user-facing
string goes through the ``asobi_koikoi`` translator. Cards are shown by their names in the
player's language (names.py); ids stay in the data.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from asobi.i18n import Translator, translator
from asobi.model import Reason

from .cards import GROUPS, INDEX, PLANTS, month_of
from .names import card_name, card_names, counts_as, kind_label
from .rules import compile_rules

Tr = Translator

KIND_LABELS = {"bright": "brights", "animal": "animals", "ribbon": "ribbons", "plain": "plains"}
WIDTH = 80
"""Terminal columns the board and the hand are wrapped to."""


def _tr(lang: str) -> Tr:
    return translator("asobi_koikoi", lang)


def _columns(text: str) -> int:
    """Terminal columns of ``text`` (wide East Asian characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _wrapped(
    head: str, items: Sequence[str], sep: str, indent: int = 4, width: int = WIDTH
) -> list[str]:
    """``head`` then ``items`` joined by ``sep``, in lines of at most ``width`` columns that
    break only between items (continuation lines are indented; an item never splits)."""
    joiner = " " if sep.endswith(" ") else ""
    tail = sep.rstrip()
    lines: list[str] = []
    line = head
    for i, item in enumerate(items):
        piece = item + (tail if i < len(items) - 1 else "")
        if i and _columns(line + joiner + piece) > width:
            lines.append(line)
            line = " " * indent + piece
        else:
            line = line + (joiner if i else "") + piece
    lines.append(line)
    return lines


def _shown(_: Tr, card: str, sake_is_plain: bool) -> str:
    """A card with its kind, as the board and the hand show it."""
    return _("{card} [{kind}]").format(card=card_name(_, card),
                                       kind=kind_label(_, card, sake_is_plain))


def _zone(_: Tr, head: str, cards: Sequence[str], sake_is_plain: bool) -> list[str]:
    """A labelled row of cards with their kinds, wrapped at :data:`WIDTH`."""
    if not cards:
        return [head.format(cards=_("(none)"))]
    prefix = head.format(cards="")
    return _wrapped(prefix, [_shown(_, c, sake_is_plain) for c in cards], _(", "))


def _who(_: Tr, viewer: int | None, seat: int | None) -> str:
    if seat is None:
        return _("nobody")
    if viewer is None:
        return _seat(_, seat)
    return _("you") if seat == viewer else _("the opponent")


def _seat(_: Tr, seat: int) -> str:
    """A seat named for an onlooker, counted from 1."""
    return _("Seat {n}").format(n=seat + 1)


def _pair(_: Tr, viewer: int | None, values: list[Any]) -> str:
    if viewer is None:
        return _("{first}: {a} · {second}: {b}").format(
            first=_seat(_, 0), a=values[0], second=_seat(_, 1), b=values[1])
    return _("you {mine} · opponent {theirs}").format(
        mine=values[viewer], theirs=values[1 - viewer]
    )


def _by(seat: int | None, actor: Any, mine: str, theirs: str, onlooker: str) -> str:
    """The sentence about an act of ``actor``: told to its doer (``mine``), to the other
    player (``theirs``), or to an onlooker of a game without people (``seat`` None), whose
    sentence names the actor as ``{who}``."""
    if seat is None:
        return onlooker
    return mine if actor == seat else theirs


def _by_kind(_: Tr, cards: list[str], sake_is_plain: bool) -> list[str]:
    """Captured cards by kind (the sake cup under animals and plains when it is both)."""
    lines = []
    for kind, label in KIND_LABELS.items():
        group = [c for c in cards if kind in counts_as(c, sake_is_plain)]
        if group:
            head = f"    {_(label)} ({len(group)}): "
            lines += _wrapped(head, [card_name(_, c) for c in group], _(", "), indent=8)
    return lines or ["    " + _("(none)")]


def _yaku_lines(_: Tr, player: Mapping[str, Any]) -> list[str]:
    lines = []
    if player["yaku"]:
        made = ", ".join(f"{_(y['title'])} {y['points']}" for y in player["yaku"])
        lines.append("    " + _("yaku: {list} — total {total}").format(
            list=made, total=player["total"]))
    for close in player.get("close", []):
        text = _("{title}: {have}/{need}").format(
            title=_(close["title"]), have=close["have"], need=close["need"])
        if close["missing"]:
            text += ", " + _("missing {cards}").format(cards=card_names(_, close["missing"]))
        lines.append("    " + _("close: {text}").format(text=text))
    return lines


# --------------------------------------------------------------------------- board


def render_text(obs: Mapping[str, Any], lang: str) -> str:
    """The whole table as the seat sees it."""
    _ = _tr(lang)
    me = obs["seat"]
    other = 1 - me
    month = obs["month"]
    sake = bool(obs.get("sake_cup_is_plain", True))
    lines = [
        _("Koi-Koi — round {round}/{rounds} (month {month}: {plant}) — dealer: {dealer}").format(
            round=obs["round"], rounds=obs["rounds"], month=month,
            plant=_(PLANTS[month - 1]), dealer=_who(_, me, obs["dealer"])),
        _("Scores: {pair}").format(pair=_pair(_, me, obs["scores"])),
        _("Koi-koi calls: {pair}").format(
            pair=_pair(_, me, [p["koikoi"] for p in obs["players"]])),
        " · ".join((
            _.n("Stock: {n} card", "Stock: {n} cards", obs["stock"]).format(n=obs["stock"]),
            _.n("opponent's hand: {n} card", "opponent's hand: {n} cards",
                obs["opponent_hand"]).format(n=obs["opponent_hand"]))),
        "",
        *_zone(_, _("Board: {cards}"), obs["board"], sake),
        *_zone(_, _("Your hand: {cards}"), obs["hand"], sake),
        "",
        _("Your captures:"),
        *_by_kind(_, obs["players"][me]["captured"], sake),
        *_yaku_lines(_, obs["players"][me]),
        _("Opponent's captures:"),
        *_by_kind(_, obs["players"][other]["captured"], sake),
        *_yaku_lines(_, obs["players"][other]),
        "",
        _status(_, obs),
    ]
    return "\n".join(lines)


def _status(_: Tr, obs: Mapping[str, Any]) -> str:
    me = obs["seat"]
    if obs["finished"]:
        winner = obs.get("winner")
        if winner is None:
            return _("Game over: a draw.")
        return _("Game over: you win.") if winner == me else _("Game over: the opponent wins.")
    if obs["to_act"] != me:
        return _("Waiting for the opponent.")
    phase = obs["phase"]
    if phase == "capture":
        if obs["step"] == "play":
            text = _("You played {card}; it matches {a} and {b}: choose which to capture.")
        else:
            text = _("You drew {card}; it matches {a} and {b}: choose which to capture.")
        a, b = obs["candidates"][:2]
        return text.format(card=card_name(_, obs["pending"]), a=card_name(_, a),
                           b=card_name(_, b))
    if phase == "koikoi":
        decision = obs["decision"]
        if decision["final"]:
            return _("Your yaku are worth {total}; no turn remains, so you stop and score "
                     "{points}.").format(**decision)
        return _("Your yaku are worth {total}: stop and score {points}, or call koi-koi and "
                 "play on.").format(**decision)
    return _("Your turn: play a card from your hand.")


# --------------------------------------------------------------------------- menus


def describe_action(obs: Mapping[str, Any], action: Mapping[str, Any], lang: str) -> str:
    """A menu label for ``action``."""
    _ = _tr(lang)
    if "play" in action:
        card = action["play"]
        month = month_of(INDEX[card])
        matches = [c for c in obs["board"] if month_of(INDEX[c]) == month]
        name = card_name(_, card)
        if not matches:
            return _("play {card} (stays on the board)").format(card=name)
        if len(matches) == 2:
            return _("play {card} (then choose {a} or {b})").format(
                card=name, a=card_name(_, matches[0]), b=card_name(_, matches[1]))
        return _("play {card} (captures {cards})").format(card=name,
                                                          cards=card_names(_, matches))
    if "capture" in action:
        pending = obs.get("pending")
        return _("capture {card} with {pending}").format(
            card=card_name(_, action["capture"]),
            pending=card_name(_, pending) if pending else "?")
    if "koikoi" in action:
        if action["koikoi"]:
            return _("koi-koi (play on)")
        points = obs.get("decision", {}).get("points", 0)
        return _("stop and score {points}").format(points=points)
    return str(dict(action))


def describe_event(event: Mapping[str, Any], seat: int | None, lang: str) -> str | None:
    """One line about ``event`` for ``seat`` (None for events that need no line); ``seat``
    None is an onlooker, for whom both seats are named."""
    _ = _tr(lang)
    kind = event["type"]
    who = event.get("seat")
    mine = who == seat
    actor = _seat(_, who) if isinstance(who, int) else ""
    if kind == "new_round":
        text = _("Round {round}/{rounds} (month {month}); dealer: {dealer}. Board: {board}.")
        return text.format(
            round=event["round"], rounds=event["rounds"], month=event["month"],
            dealer=_who(_, seat, event["dealer"]), board=card_names(_, event["board"]))
    if kind == "deal":
        if not mine:
            return None
        return _("Your hand: {cards}.").format(cards=card_names(_, event["hand"]))
    if kind == "redeal":
        reasons = {
            "board-four-of-month": _("four cards of one month on the board"),
            "board-four-pairs": _("four pairs on the board"),
            "hand-four-of-month": _("four cards of one month in a hand"),
            "hand-four-pairs": _("four pairs in a hand"),
            "hand-yaku-both": _("both players hold a hand yaku"),
        }
        return _("Redeal: {reason}.").format(reason=reasons.get(event["reason"], event["reason"]))
    if kind == "hand_yaku":
        text = _by(seat, who, _("You show {yaku} ({cards}) and win {points}."),
                   _("The opponent shows {yaku} ({cards}) and wins {points}."),
                   _("{who} shows {yaku} ({cards}) and wins {points}."))
        return text.format(yaku=_(event["yaku"]), cards=card_names(_, event["cards"]),
                           points=event["points"], who=actor)
    if kind == "play":
        text = _by(seat, who, _("You play {card}."), _("The opponent plays {card}."),
                   _("{who} plays {card}."))
        return text.format(card=card_name(_, event["card"]), who=actor)
    if kind == "draw":
        text = _by(seat, who, _("You draw {card}."), _("The opponent draws {card}."),
                   _("{who} draws {card}."))
        return text.format(card=card_name(_, event["card"]), who=actor)
    if kind == "lay":
        return _("{card} stays on the board.").format(card=card_name(_, event["card"]))
    if kind == "choose":
        text = _by(seat, who, _("{card} matches {a} and {b}: you choose one."),
                   _("{card} matches {a} and {b}: the opponent chooses one."),
                   _("{card} matches {a} and {b}: {who} chooses one."))
        a, b = event["candidates"][:2]
        return text.format(card=card_name(_, event["card"]), a=card_name(_, a),
                           b=card_name(_, b), who=actor)
    if kind == "capture":
        text = _by(seat, who, _("You capture {cards}."), _("The opponent captures {cards}."),
                   _("{who} captures {cards}."))
        return text.format(cards=card_names(_, event["cards"]), who=actor)
    if kind == "yaku":
        made = ", ".join(f"{_(y['title'])} {y['points']}" for y in event["yaku"])
        text = _by(seat, who, _("Your yaku: {list} (total {total})."),
                   _("The opponent's yaku: {list} (total {total})."),
                   _("Yaku of {who}: {list} (total {total})."))
        return text.format(list=made, total=event["total"], who=actor)
    if kind == "koikoi":
        text = _by(seat, who, _("You call koi-koi!"), _("The opponent calls koi-koi!"),
                   _("{who} calls koi-koi!"))
        return text.format(who=actor)
    if kind == "stop":
        if event.get("auto"):
            text = _by(seat, who, _("No turn remains: you stop and score {points}."),
                       _("No turn remains: the opponent stops and scores {points}."),
                       _("No turn remains: {who} stops and scores {points}."))
        else:
            text = _by(seat, who, _("You stop and score {points}."),
                       _("The opponent stops and scores {points}."),
                       _("{who} stops and scores {points}."))
        return text.format(points=event["points"], who=actor)
    if kind == "round_end":
        if event["winner"] is None:
            head = _("Round {round} ends in a draw.")
        else:
            head = _by(seat, event["winner"], _("You win round {round}."),
                       _("The opponent wins round {round}."), _("{who} wins round {round}."))
        if event["exhausted"]:
            head += " " + _("(No cards left.)")
        tail = _("Points: {points}. Scores: {scores}.").format(
            points=_pair(_, seat, [_signed(p) for p in event["points"]]),
            scores=_pair(_, seat, event["scores"]))
        return head.format(round=event["round"], who=_who(_, seat, event["winner"])) + " " + tail
    if kind == "game_over":
        winner = event["winner"]
        if winner is None:
            head = _("Game over: a draw.")
        else:
            head = _by(seat, winner, _("Game over: you win."), _("Game over: the opponent wins."),
                       _("Game over: {who} wins.")).format(who=_who(_, seat, winner))
        return head + " " + _("Final scores: {scores}.").format(
            scores=_pair(_, seat, event["scores"]))
    return None


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


# --------------------------------------------------------------------------- rules page


def _yaku_cards(_: Tr, spec: Mapping[str, Any]) -> str:
    """The cards a yaku is made of, as a comma-separated list of names and kinds."""
    parts = [card_name(_, c) for c in spec.get("cards", ())]
    parts += [_(KIND_LABELS[k]) for k in spec.get("kinds", ())]
    for group in spec.get("groups", ()):
        parts += [card_name(_, c) for c in GROUPS[group]]
    if spec.get("round_month"):
        parts.append(_("the four cards of the round's month"))
    pool = _(", ").join(parts)
    required = [*spec.get("required", ())]
    for group in spec.get("required_groups", ()):
        required += GROUPS[group]
    text = ""
    if pool:
        text = _("{count} of: {pool}").format(count=spec.get("count", _("all")), pool=pool)
    if required:
        need = _("with {cards}").format(cards=card_names(_, required))
        text = f"{text} {need}" if text else need
    return text


def rules_text(rules: Mapping[str, Any], lang: str) -> str:
    """The rules page of a variant: the yaku table with points, then the round rules."""
    _ = _tr(lang)
    compiled = compile_rules(rules)
    yes_no = {True: _("yes"), False: _("no")}
    lines = [_("Koi-Koi: yaku"), ""]
    titles = {k: v["title"] for k, v in rules["yaku"].items()}
    for spec in rules["yaku"].values():
        if not spec.get("enabled", True):
            continue
        points = str(spec["points"])
        if spec.get("per_extra"):
            points += " " + _("+{n} per extra card").format(n=spec["per_extra"])
        notes = []
        if spec.get("points_after_koikoi") is not None:
            notes.append(_("{n} after a koi-koi call").format(n=spec["points_after_koikoi"]))
        if spec.get("only_after_koikoi"):
            notes.append(_("only after a koi-koi call"))
        if spec.get("cancelled_by"):
            notes.append(_("void when you capture {cards}").format(
                cards=card_names(_, spec["cancelled_by"])))
        if spec.get("requires"):
            notes.append(_("needs {yaku}").format(
                yaku=", ".join(_(titles[r]) for r in spec["requires"])))
        if spec.get("replaces"):
            notes.append(_("instead of {yaku}").format(
                yaku=", ".join(_(titles[r]) for r in spec["replaces"])))
        if spec.get("exclusive"):
            notes.append(_("only the highest of the {group} group counts").format(
                group=_(spec["exclusive"])))
        cards = _yaku_cards(_, spec)
        line = f"  {_(spec['title'])}: {points}" + (f" — {cards}" if cards else "")
        if notes:
            line += " (" + "; ".join(notes) + ")"
        lines.append(line)
    lines.append("  " + _("The sake cup counts as a plain too: {answer}").format(
        answer=yes_no[rules["sake_cup_is_plain"]]))
    lines += ["", _("Round rules"), ""]
    first = {"random": _("chosen at random"), "seat-0": _("seat 0"), "seat-1": _("seat 1")}
    nxt = {"winner": _("the round's winner (the dealer after a draw)"),
           "alternate": _("the players take turns"), "keep": _("the same dealer")}
    lines.append("  " + _("Rounds: {n}").format(n=rules["rounds"]))
    lines.append("  " + _("First dealer: {how}; next dealer: {next}").format(
        how=first[rules["first_dealer"]], next=nxt[rules["next_dealer"]]))
    lines.append("  " + _("Starting points: {n}; zero-sum: {zs}; the game ends early at 0: {end}")
                 .format(n=rules["starting_points"], zs=yes_no[rules["zero_sum"]],
                         end=yes_no[rules["end_at_zero"]]))
    redeal = rules["redeal"]
    reasons = [label for key, label in (
        ("board_four_of_month", _("four cards of one month on the board")),
        ("board_four_pairs", _("four pairs on the board")),
        ("hand_four_of_month", _("four cards of one month in a hand")),
        ("hand_four_pairs", _("four pairs in a hand"))) if redeal[key]]
    lines.append("  " + _("Redeal on: {list}").format(list="; ".join(reasons) or _("never")))
    hand = rules["hand_yaku"]
    shown = [f"{_(h['title'])} {h['points']}" for h in (hand["four_of_month"], hand["four_pairs"])
             if h["enabled"]]
    if shown:
        both = {"redeal": _("redeal"), "nobody": _("nobody wins, play on")}[hand["when_both"]]
        lines.append("  " + _("Hand yaku (win at once): {list}; when both hold one: {both}")
                     .format(list=", ".join(shown), both=both))
    else:
        lines.append("  " + _("Hand yaku: none"))
    lines.append("  " + _("Stop or koi-koi after a turn that made a new yaku or raised the total; "
                          "the stopper scores, the other player scores nothing."))
    text = _("On {whose} final turn a new yaku stops the round by itself.")
    whose = _("a player's") if compiled.last_turn_own else _("the round's")
    lines.append("  " + text.format(whose=whose))
    scoring = rules["scoring"]
    if scoring["koikoi_calls"]:
        steps = []
        for i, step in enumerate(scoring["koikoi_calls"], start=1):
            if "add" in step:
                steps.append(f"{i} → +{step['add']}")
            else:
                steps.append(f"{i} → ×{step['multiply']}")
        lines.append("  " + _("Bonus by the stopper's number of koi-koi calls: {list}").format(
            list=", ".join(steps)))
    if scoring["double_at"] is not None:
        lines.append("  " + _("A yaku total of {n} or more is multiplied by {f}.").format(
            n=scoring["double_at"], f=scoring["double_factor"]))
    if scoring["own_koikoi_multiplier"] > 1:
        lines.append("  " + _("A stopper who called koi-koi this round: ×{f}.").format(
            f=scoring["own_koikoi_multiplier"]))
    if scoring["opponent_koikoi_multiplier"] > 1:
        lines.append("  " + _("Stopping after the opponent called koi-koi: ×{f}.").format(
            f=scoring["opponent_koikoi_multiplier"]))
    exhausted = rules["exhausted"]
    outcome = {
        "draw": _("a draw, nobody scores"),
        "dealer": _("the dealer wins {n}").format(n=exhausted["points"]),
        "higher": _("the higher yaku total wins; otherwise the dealer wins {n}").format(
            n=exhausted["points"]),
    }[exhausted["outcome"]]
    lines.append("  " + _("When both hands run out: {outcome}.").format(outcome=outcome))
    return "\n".join(lines)


# --------------------------------------------------------------------------- hints


def _reason_value(_: Tr, key: str, value: Any, lang: str) -> Any:
    if isinstance(value, Reason):
        return describe_reason(value, lang)
    if key == "card" and isinstance(value, str):
        return card_name(_, value)
    if key == "cards":
        cards = value.split(",") if isinstance(value, str) else list(value)
        return card_names(_, [str(c).strip() for c in cards])
    return value


def describe_reason(reason: Reason | str, lang: str) -> str | None:
    """An AI's reason in ``lang`` with card names for the ``card``/``cards`` values (ids in
    the reason); None for plain text, which the core's default shows as it is."""
    if not isinstance(reason, Reason):
        return None
    _ = _tr(lang)
    message = _(reason.text)
    if message == reason.text:  # the core's own reasons ("the only legal move"...)
        message = translator("asobi", lang)(message)
    values = {key: _reason_value(_, key, value, lang) for key, value in reason.params.items()}
    try:
        return message.format(**values)
    except (KeyError, IndexError, ValueError):  # a translation with a broken placeholder
        return str(reason)
