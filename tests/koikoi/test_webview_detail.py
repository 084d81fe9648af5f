"""What the browser view's summaries and decks rely on, without a browser: the round_end
event's detail (each yaku with its cards and points, the multipliers), the view's words in every
catalogue, and the high-contrast deck's colours (WCAG AA contrast, computed here)."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from asobi_koikoi import plugin
from asobi_koikoi.rules import compile_rules
from asobi_koikoi.scoring import breakdown, stop_points
from support.profiles import examples

from .helpers import PRESETS, act, legal, preset, start

WEBVIEW = Path(plugin.__file__).parent / "webview"
LOCALE = Path(plugin.__file__).parent / "locale"


@settings(max_examples=examples(150), deadline=None)
@given(name=st.sampled_from(PRESETS), total=st.integers(0, 40), own=st.integers(0, 4),
       other=st.integers(0, 4))
def test_the_breakdown_ends_at_what_a_stop_scores(name, total, own, other):
    rules = compile_rules(preset(name))
    steps = breakdown(rules, total, own, other)
    value = steps[-1]["value"] if steps else total
    assert value == stop_points(rules, total, own, other)
    kinds = {"koikoi-step", "double", "own-koikoi", "opponent-koikoi"}
    assert all(s["kind"] in kinds for s in steps)


@settings(max_examples=examples(12), deadline=None)
@given(name=st.sampled_from(PRESETS), seed=st.integers(0, 2**32), koikoi=st.booleans())
@example(name="koikoi-japan", seed=61418, koikoi=True)  # a bonus yaku (red and blue ribbons)
def test_every_round_end_shows_the_yaku_with_their_cards_and_the_points(name, seed, koikoi):
    state = start(name, seed=seed)
    rnd = random.Random(seed)
    ends = []
    for _ in range(400):
        moves = legal(state)
        if not moves:
            break
        deciding = moves and "koikoi" in moves[0]
        move = ({"koikoi": koikoi} if deciding and {"koikoi": koikoi} in moves
                else rnd.choice(moves))
        ends += [e for e in act(state, move) if e["type"] == "round_end"]
    assert ends
    for end in ends:
        detail = end["detail"]
        for seat in (0, 1):
            listed = detail["yaku"][seat]
            if end["reason"] != "hand-yaku":
                assert [y["title"] for y in listed] == end["yaku"][seat]
            for y in listed:
                assert y["cards"] and y["points"] > 0
        winner = end["winner"]
        if winner is None or end["reason"] == "hand-yaku":
            continue
        if end["reason"] == "stop":
            assert detail["total"] == sum(y["points"] for y in detail["yaku"][winner])
        value = detail["steps"][-1]["value"] if detail["steps"] else detail["total"]
        if detail["total"]:
            assert value + detail["adjust"][winner] == end["points"][winner]


def test_every_word_of_the_browser_view_is_in_every_catalogue():
    found: set[str] = set()
    for script in WEBVIEW.glob("*.js"):
        text = script.read_text(encoding="utf-8")
        found |= set(re.findall(r'\b(?:t|gt)\(\s*"((?:[^"\\]|\\.)+)"', text))
        plural = r'\bgtn\(\s*"((?:[^"\\]|\\.)+)",\s*"((?:[^"\\]|\\.)+)"'
        found |= {a for a, _b in re.findall(plural, text)}
    assert "{card}, {kind}" in found and "{n} bright" in found
    for lang in ("pt", "it", "ja"):
        table = yaml.safe_load((LOCALE / f"{lang}.yaml").read_text(encoding="utf-8"))
        missing = sorted(m for m in found if m not in table)
        assert not missing, (lang, missing[:5])
    assert "ctx.t(" not in "".join(p.read_text() for p in WEBVIEW.glob("*.js"))


def _luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_the_contrast_ratio_formula():
    assert round(contrast_ratio("#000000", "#ffffff"), 1) == 21.0
    assert round(contrast_ratio("#777777", "#ffffff"), 2) == 4.48


def test_the_high_contrast_deck_passes_wcag_aa():
    text = (WEBVIEW / "cards.js").read_text(encoding="utf-8")
    block = re.search(r"export const CONTRAST_PAIRS = (\{.*?\});", text, re.S)
    assert block is not None
    pairs = json.loads(block.group(1))
    assert set(pairs) == {"month", "bright", "animal", "ribbon", "plain", "frame", "edge"}
    for name, (fg, bg) in pairs.items():
        # the month numeral is text (4.5:1); every mark, frame and edge passes it too
        assert contrast_ratio(fg, bg) >= 4.5, (name, fg, bg, contrast_ratio(fg, bg))
    # the edge is measured against the felt the page draws the table on
    css = (Path(plugin.__file__).parents[3] / "frontends" / "asobi_frontends" / "web" / "static"
           / "style.css")
    if css.is_file():
        felt = re.search(r"--felt:\s*(#[0-9a-fA-F]{6})", css.read_text(encoding="utf-8"))
        if felt:
            assert contrast_ratio(pairs["edge"][0], felt.group(1)) >= 4.5


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_decision_shows_the_same_multipliers_as_the_server(tmp_path):
    """dialogs.js repeats scoring.breakdown for the koi-koi prompt: run both on every preset."""
    cases = [(name, total, own, other) for name in PRESETS for total in (1, 5, 7, 12)
             for own in (0, 1, 3) for other in (0, 2)]
    script = tmp_path / "check.mjs"
    script.write_text(
        "const { breakdownOf } = await import(process.argv[2]);\n"
        "const cases = JSON.parse(process.argv[3]);\n"
        "console.log(JSON.stringify(cases.map(([scoring, total, own, other]) =>"
        " breakdownOf(scoring, total, own, other))));\n", encoding="utf-8")
    given_ = [[preset(n)["scoring"], t, o, x] for n, t, o, x in cases]
    command = ["node", str(script), (WEBVIEW / "dialogs.js").as_uri(), json.dumps(given_)]
    out = subprocess.run(command, capture_output=True, text=True, timeout=30, check=True)
    shown = json.loads(out.stdout)
    for (name, total, own, other), js in zip(cases, shown, strict=True):
        assert js == breakdown(compile_rules(preset(name)), total, own, other), (name, total)
