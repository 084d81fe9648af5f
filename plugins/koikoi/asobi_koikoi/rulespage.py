"""The rules page of a Koi-Koi variant: the yaku table with points, then the round rules.

It reads the variant's ``rules`` mapping (plain data) and says each rule in the reader's
language; the cards are named as everywhere else (names.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import GROUPS
from .names import card_name, card_names
from .rules import compile_rules
from .wording import KIND_LABELS, Tr, tr


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
    _ = tr(lang)
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
