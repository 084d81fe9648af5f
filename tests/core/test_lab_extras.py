"""``asobi lab`` without an optional dependency it needs: refused before the first game, with
one message naming every missing module and the ``pip install`` that brings them."""

from __future__ import annotations

import itertools
import sys

import pytest

from asobi.cli.main import main
from asobi.lab import command

MODULES = ("matplotlib", "rich", "ray")
LAB = ["lab", "koikoi", "--variant", "standard", "--players", "ai:random*2", "--games", "400"]


class Played(Exception):
    """Raised where the lab would start playing."""


@pytest.fixture
def no_games(monkeypatch):
    def play(*args, **kwargs):
        raise Played

    monkeypatch.setattr(command, "run_lab", play)


def options(html: bool, quiet: bool, ray: bool, tmp_path) -> list[str]:
    words = []
    if html:
        words += ["--html", str(tmp_path / "lab.html")]
    if quiet:
        words.append("--quiet")
    if ray:
        words += ["--ray", "auto"]
    return words


@pytest.mark.slow
@pytest.mark.parametrize("missing", [
    m for k in range(1, 4) for m in itertools.combinations(MODULES, k)])
def test_every_missing_extra_is_named_before_any_game(missing, no_games, monkeypatch, capsys,
                                                       tmp_path):
    for module in missing:
        monkeypatch.setitem(sys.modules, module, None)  # "import module" fails
    for html, quiet, ray in itertools.product([False, True], repeat=3):
        needed = {"matplotlib": html, "rich": not quiet, "ray": ray}
        expected = [m for m in missing if needed[m]]
        words = [*LAB, *options(html, quiet, ray, tmp_path)]
        if not expected:
            with pytest.raises(Played):
                main(words)
            continue
        status = main(words)
        out, err = capsys.readouterr()
        assert status == 2 and out == "", words
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
        for module in MODULES:
            assert (module in err) == (module in expected), (words, err)
        groups = sorted({"ray" if m == "ray" else "lab" for m in expected})
        assert f"pip install 'asobi[{','.join(groups)}]'" in err
        if "rich" in expected:
            assert "--quiet" in err
        assert not (tmp_path / "lab.html").exists()


def test_a_page_asked_without_matplotlib_plays_nothing(monkeypatch, capsys, tmp_path):
    """The whole command, games and all: the refusal comes before the progress bar starts."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    page = tmp_path / "lab.html"
    resume = tmp_path / "run.jsonl"
    status = main([*LAB, "--html", str(page), "--resume", str(resume)])
    out, err = capsys.readouterr()
    assert status == 2 and "matplotlib (for the plots of --html)" in err
    assert "games" not in err.split("asobi:")[0]  # no bar was drawn
    assert not page.exists() and not resume.exists()
