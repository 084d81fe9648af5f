"""The reference of variant keys (docs/variants/<game>.md) is complete and generated."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from asobi.contract.model import GameInfo
from asobi.variants import doc as variantdoc
from asobi.variants.schema import Bool, Checked, Int, List, MapOf, Nullable, Slug, Str, Struct
from asobi_koikoi import plugin as koikoi
from asobi_sakura import plugin as sakura

DOCS = Path(__file__).resolve().parents[2] / "docs" / "variants"
GAMES = {"koikoi": koikoi.asobi_game_info(), "sakura": sakura.asobi_game_info()}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_reference_in_the_docs_is_what_the_schema_generates(name):
    text = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    assert text == variantdoc.reference(GAMES[name]), (
        f"docs/variants/{name}.md is out of date: run `.venv/bin/python -m asobi.variants.doc`"
    )


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_rule_key_has_a_description(name):
    assert variantdoc.undocumented(GAMES[name].schema) == []


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_rule_key_is_in_the_reference_with_type_default_and_example(name):
    text = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    sections = text.split("\n### ")[1:]
    labels = [key.label for key in variantdoc.keys(GAMES[name].schema)]
    assert [section.split("`")[1] for section in sections] == labels
    for section in sections:
        for part in ("- type: ", "- allowed: ", "- required: ", "- default: ", "```yaml"):
            assert part in section, (section.splitlines()[0], part)
        assert "(undocumented)" not in section


def test_the_koikoi_keys_no_built_in_file_uses_are_documented():
    text = (DOCS / "koikoi.md").read_text(encoding="utf-8")
    for key in ("cancelled_by", "only_after_koikoi", "required_groups"):
        assert f"### `yaku.<yaku id>.{key}`" in text
        assert f"        {key}: " in text  # in an example


def test_the_header_keys_are_documented_with_whether_they_are_required():
    text = (DOCS / "koikoi.md").read_text(encoding="utf-8")
    assert "| `title` | yes | a short title, shown in variant lists |" in text
    assert "| `extends` | no |" in text


# --------------------------------------------------------------------------- the generator


SCHEMA = Struct(
    {
        "rounds": Checked(Int(min=1, max=12), lambda v: [], doc="Rounds in a game."),
        "limit": Nullable(Int(min=1), doc="Highest score; null: none."),
        "yaku": MapOf(
            Slug(what="yaku id"),
            Struct(
                {
                    "cards": List(Str(("a", "b"), what="card"), doc="Its cards."),
                    "bonus": Bool(doc="Scores twice."),
                },
                optional=frozenset({"bonus"}),
                doc="One yaku.",
            ),
            doc="The yaku.",
        ),
        "steps": List(Struct({"add": Int(min=0, doc="Added.")}, doc="A step."), doc="Steps."),
    },
    optional=frozenset({"limit"}),
)


@pytest.fixture
def toy(tmp_path) -> GameInfo:
    folder = tmp_path / "builtin"
    folder.mkdir()
    (folder / "standard.yaml").write_text(
        textwrap.dedent(
            """\
            game: toy
            name: standard
            title: Standard
            description: D.
            rules:
              rounds: 1
              yaku: {pair: {cards: [a, b]}}
              steps: []
            """
        )
    )
    (folder / "long.yaml").write_text(
        "game: toy\nname: long\ntitle: Long\ndescription: D.\nextends: standard\n"
        "rules: {rounds: 12, steps: [{add: 2}]}\n"
    )
    return GameInfo(
        name="toy", title="Toy", min_players=2, max_players=2, schema=SCHEMA, variants=folder
    )


def test_keys_walk_mappings_free_mappings_and_lists_of_mappings():
    assert [(k.label, k.required) for k in variantdoc.keys(SCHEMA)] == [
        ("rounds", True),
        ("limit", False),
        ("yaku", True),
        ("yaku.<yaku id>", False),
        ("yaku.<yaku id>.cards", True),
        ("yaku.<yaku id>.bonus", False),
        ("steps", True),
        ("steps[]", False),
        ("steps[].add", True),
    ]


def test_a_key_without_a_description_is_found():
    schema = Struct({"a": Int(doc="A."), "b": Struct({"c": Bool()}, doc="B.")})
    assert variantdoc.undocumented(schema) == ["b.c"]


def test_the_reference_gives_defaults_examples_and_made_up_examples(toy):
    text = variantdoc.reference(toy)
    # default from the default variant; example from a file that changes it
    assert "| [`rounds`](#rounds) | integer | `1` |" in text
    assert "- example (from `long.yaml`):\n\n  ```yaml\n  rules:\n    rounds: 12\n  ```" in text
    # an optional key nobody sets: "left out", and a made-up example
    assert "| [`limit`](#limit) | integer or null | left out (optional) |" in text
    limit = text.split("### `limit`")[1].split("###")[0]
    assert "made up from the schema" in limit and "    limit: 1\n" in limit
    # a key inside a free mapping is shown in an entry of the default variant
    bonus = text.split("### `yaku.<yaku id>.bonus`")[1].split("###")[0]
    assert "    yaku:\n      pair:\n        bonus: true\n" in bonus
    # inside a list, the whole list is shown
    assert "    steps:\n      - {add: 2}\n" in text.split("### `steps[].add`")[1]


def test_the_command_writes_and_checks_the_documents(tmp_path, capsys):
    out = tmp_path / "docs"
    assert variantdoc.main(["--check", "--out", str(out)]) == 1
    assert "koikoi.md is out of date" in capsys.readouterr().err
    assert variantdoc.main(["--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["koikoi.md", "sakura.md"]
    assert variantdoc.main(["--check", "--out", str(out)]) == 0
    assert (out / "sakura.md").read_text(encoding="utf-8") == variantdoc.reference(
        GAMES["sakura"]
    )
