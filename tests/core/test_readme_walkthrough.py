"""The README's house-rule walkthrough, run as a newcomer runs it: the YAML of "Writing a
variant" saved as ``my-house.yaml`` in the current folder, then each command of the block that
follows it, as written (``.venv/bin/asobi`` is the ``asobi`` command)."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from asobi.cli.main import main

README = Path(__file__).resolve().parents[2] / "README.md"


def walkthrough() -> tuple[str, list[list[str]]]:
    section = README.read_text(encoding="utf-8").split("## Writing a variant", 1)[1]
    yaml_text = re.search(r"```yaml\n(.*?)```", section, re.S)
    commands = re.search(r"```sh\n(.*?)```", section, re.S)
    assert yaml_text and commands, "the walkthrough lost its YAML or its commands"
    lines = [line.split("#", 1)[0].strip() for line in commands.group(1).splitlines()]
    return yaml_text.group(1), [shlex.split(line)[1:] for line in lines if line]


def test_the_house_rule_walkthrough_works_as_written(tmp_path, monkeypatch, capsys):
    yaml_text, commands = walkthrough()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ASOBI_CONFIG_DIR", str(tmp_path / "config"))
    (tmp_path / "my-house.yaml").write_text(yaml_text, encoding="utf-8")
    assert [c[0] for c in commands] == ["variant", "rules", "play"]
    for argv in commands:
        monkeypatch.setattr("sys.stdin", io.StringIO("quit\n\n"))
        assert main(argv) == 0, (argv, capsys.readouterr().err)
        out = capsys.readouterr().out
        if argv[0] == "rules":
            assert "sake and blossoms" in out and "3" in out
    # By name it is found once it sits in the variants folder, and the error says so before.
    assert main(["rules", "koikoi", "--variant", "my-house"]) == 2
    assert "The file my-house.yaml is in this folder" in capsys.readouterr().err
    folder = tmp_path / "config" / "variants" / "koikoi"
    folder.mkdir(parents=True)
    (folder / "my-house.yaml").write_text(yaml_text, encoding="utf-8")
    assert main(["rules", "koikoi", "--variant", "my-house"]) == 0


@pytest.mark.parametrize("players", ["", ",", "human,"])
def test_an_empty_seat_list_is_refused_not_replaced_by_the_default(players, capsys):
    assert main(["play", "koikoi", "--players", players]) == 2
    assert "seat" in capsys.readouterr().err
