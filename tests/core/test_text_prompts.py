"""Whatever a person types at the text frontend's prompts, the game goes on or ends cleanly.

Random lines (any text, numbers thousands of digits long, control characters, NUL, commands,
valid choices, file names good and bad) are typed at every prompt of Koi-Koi and Sakura, and
the input then ends. Whatever happened: no traceback, exit status 0 or 2, and a record asked
for with ``--record`` (or saved after ``quit``) is on disk and replays.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asobi.cli import main as cli
from support.profiles import examples

COMMANDS = ["help", "rules", "look", "", "HELP", " 1 ", "01", "\uff11", "\u0662", "\u00b2"]
FILE_NAMES = [
    "rec.json",
    "sub",
    ".",
    "..",
    "no/such/dir/x.json",
    "\x00",
    "a\x00b.json",
    "sub/in.json",
]
HUGE = st.integers(min_value=4300, max_value=4700).map(lambda n: "7" + "0" * n)
CONTROL = st.text(st.characters(max_codepoint=0x1F) | st.just("\x7f"), min_size=1, max_size=4)
SMALL = st.integers(min_value=-3, max_value=12).map(str)
ANY_TEXT = st.text(max_size=24).map(lambda t: t.replace("/", "_").replace("\\", "_"))
LINE = st.one_of(
    SMALL,
    SMALL,
    SMALL,  # choices, so that games move on
    HUGE,
    CONTROL,
    st.just("\x00"),
    ANY_TEXT,
    st.sampled_from(COMMANDS),
    st.sampled_from(FILE_NAMES),
    st.just("quit"),
    st.just("hint"),
)
SEATS = {"koikoi": "human,ai:random", "sakura": "human,ai:easy"}


@pytest.fixture
def installed_cli(installed, monkeypatch):
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: installed)
    return cli.main


def run(main, argv: list[str], typed: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(typed), out, err
    try:
        status = main(argv)
    finally:
        sys.stdin, sys.stdout, sys.stderr = old
    return status, out.getvalue(), err.getvalue()


def replays(main, path: Path) -> dict:
    status, out, err = run(main, ["replay", str(path), "--json"], "")
    assert status == 0, err
    return json.loads(out)


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(SEATS))
@settings(
    max_examples=examples(30),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    lines=st.lists(LINE, max_size=30),
    seed=st.integers(min_value=0, max_value=50),
    with_record=st.booleans(),
)
def test_any_typing_at_any_prompt_ends_cleanly_and_keeps_the_record(
    installed_cli, game, lines, seed, with_record
):
    with tempfile.TemporaryDirectory() as folder, contextlib.chdir(folder):
        Path("sub").mkdir()
        argv = ["play", game, "--players", SEATS[game], "--seed", str(seed)]
        if with_record:
            argv += ["--record", "game.json"]
        typed = "".join(line + "\n" for line in lines)
        try:
            status, out, err = run(installed_cli, argv, typed)
        except BaseException as exc:  # the property: nothing escapes, not even SystemExit
            pytest.fail(f"{type(exc).__name__}: {exc} after typing {lines!r}")
        assert status in (0, 2), (status, err)
        assert "Traceback" not in out + err
        if with_record:
            assert status == 0, err
            assert "Record saved to game.json" in out
            assert replays(installed_cli, Path("game.json"))["game"] == game
        if status == 2:
            assert out.rstrip().endswith("The record was not saved."), out[-300:]
        for saved in re.findall(r"^.*Record saved to (.+)$", out, flags=re.MULTILINE):
            assert replays(installed_cli, Path(saved))["game"] == game
