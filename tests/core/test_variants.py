"""Variant files: merging, lookup order, and a located message for every kind of mistake."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from asobi.cli.main import main
from asobi.contract.model import GameInfo
from asobi.errors import AsobiError
from asobi.variants import loader as variants
from asobi.variants.loader import VariantError
from asobi.variants.schema import Bool, Int, List, MapOf, Slug, Str, Struct

CARDS = ("pine-crane", "cherry-curtain", "chrysanthemum-sake", "willow-rainman")

SCHEMA = Struct(
    {
        "rounds": Int(min=1, max=12),
        "zero_sum": Bool(),
        "yaku": MapOf(
            Slug(what="yaku id"),
            Struct({"cards": List(Str(CARDS, what="card"), min_len=1), "points": Int(min=0)}),
        ),
        "exhausted": Str(("draw", "dealer"), what="exhausted rule"),
    },
    optional=frozenset({"exhausted"}),
)


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(textwrap.dedent(text).lstrip())
    return path


@pytest.fixture
def game(tmp_path) -> GameInfo:
    builtin = tmp_path / "builtin"
    write(
        builtin,
        "standard.yaml",
        """
        game: toy
        name: standard
        title: Standard
        description: The base rules.
        rules:
          rounds: 1
          zero_sum: false
          yaku:
            viewing: {cards: [cherry-curtain, chrysanthemum-sake], points: 5}
        """,
    )
    return GameInfo(
        name="toy", title="Toy", min_players=2, max_players=2, schema=SCHEMA, variants=builtin
    )


@pytest.fixture
def user_dir(tmp_path) -> Path:
    return tmp_path / "user"


def problems(game, path, user_dir) -> list[str]:
    with pytest.raises(VariantError) as info:
        variants.load(game, str(path), user_dir=user_dir)
    return info.value.problems


def test_builtin_loads_with_header(game, user_dir):
    v = variants.load(game, user_dir=user_dir)
    assert (v.name, v.title, v.rules["rounds"]) == ("standard", "Standard", 1)


def test_extends_merges_mappings_and_replaces_values(game, user_dir, tmp_path):
    path = write(
        tmp_path / "mine",
        "house.yaml",
        """
        game: toy
        name: house
        title: House
        description: Three rounds, viewing worth 3, plus a rain yaku.
        extends: standard
        rules:
          rounds: 3
          yaku:
            viewing: {points: 3}
            rain: {cards: [willow-rainman], points: 1}
        """,
    )
    v = variants.load(game, str(path), user_dir=user_dir)
    assert v.rules["rounds"] == 3
    assert v.rules["zero_sum"] is False
    assert v.rules["yaku"]["viewing"] == {
        "cards": ["cherry-curtain", "chrysanthemum-sake"],
        "points": 3,
    }
    assert v.rules["yaku"]["rain"]["points"] == 1
    assert v.chain == ("house", "standard")


def test_user_folder_variants_are_found_by_name_and_listed(game, user_dir):
    write(
        user_dir,
        "quick.yaml",
        """
        game: toy
        name: quick
        title: Quick
        description: One round.
        extends: standard
        rules: {rounds: 1}
        """,
    )
    assert variants.load(game, "quick", user_dir=user_dir).title == "Quick"
    rows = variants.listing(game, user_dir=user_dir)
    assert [(r["name"], r["origin"], r["ok"]) for r in rows] == [
        ("standard", "built-in", True),
        ("quick", "user", True),
    ]


def test_user_file_named_like_a_builtin_can_extend_it(game, user_dir):
    write(
        user_dir,
        "standard.yaml",
        """
        game: toy
        name: standard
        title: My standard
        description: Standard with five rounds.
        extends: standard
        rules: {rounds: 5}
        """,
    )
    v = variants.load(game, "standard", user_dir=user_dir)
    assert (v.title, v.rules["rounds"], v.rules["zero_sum"]) == ("My standard", 5, False)


def extending(folder: Path, rules: str) -> Path:
    """v.yaml in ``folder``: the standard rules with ``rules`` (YAML flow) over them."""
    header = "game: toy\nname: v\ntitle: V\ndescription: D\nextends: standard\n"
    return write(folder, "v.yaml", f"{header}rules: {rules}\n")


def test_a_file_read_again_gives_a_copy_its_caller_may_change(game, user_dir, tmp_path):
    # What was read is remembered for the next game, but what one caller does with its rules
    # is never seen by the next, and an edited file is read again.
    path = extending(tmp_path, "{yaku: {moon: {cards: [pine-crane], points: 2}}}")
    first = variants.load(game, str(path), user_dir=user_dir)
    first.rules["yaku"]["moon"]["cards"].append("willow-rainman")
    first.rules["rounds"] = 9
    again = variants.load(game, str(path), user_dir=user_dir)
    assert again.rules["yaku"]["moon"]["cards"] == ["pine-crane"]
    assert again.rules["rounds"] == 1
    path.write_text(path.read_text().replace("points: 2", "points: 4"))
    assert variants.load(game, str(path), user_dir=user_dir).rules["yaku"]["moon"]["points"] == 4


def test_the_bounds_in_force_apply_to_a_text_read_before(game, user_dir, tmp_path, monkeypatch):
    from asobi.variants import file as variantfile

    path = extending(tmp_path, "{rounds: 3}")
    assert variants.load(game, str(path), user_dir=user_dir).rules["rounds"] == 3
    monkeypatch.setattr(variantfile, "MAX_NODES", 5)
    assert any("values" in p for p in problems(game, path, user_dir))


def test_unknown_key_says_where_and_suggests(game, user_dir, tmp_path):
    path = write(
        tmp_path,
        "v.yaml",
        """
        game: toy
        name: v
        title: V
        description: D
        extends: standard
        rules:
          rounds: 2
          zero_summ: true
        """,
    )
    assert problems(game, path, user_dir) == [
        f"{path}:8:3: unknown key 'zero_summ' (did you mean 'zero_sum'?)"
    ]


def test_unknown_header_key(game, user_dir, tmp_path):
    path = write(
        tmp_path,
        "v.yaml",
        """
        game: toy
        name: v
        titel: V
        description: D
        rules: {}
        """,
    )
    assert problems(game, path, user_dir) == [
        f"{path}:1:1: missing key 'title' (required: a short title, shown in variant lists)",
        f"{path}:3:1: unknown key 'titel' (did you mean 'title'?)",
        f"{path}:5:1: missing key 'rounds' (an integer from 1 to 12)",
        f"{path}:5:1: missing key 'zero_sum' (true or false)",
        f"{path}:5:1: missing key 'yaku' (a mapping of a yaku id of lowercase letters, digits "
        "and dashes to a mapping with keys cards, points)",
    ]


def test_wrong_type(game, user_dir, tmp_path):
    path = write(
        tmp_path,
        "v.yaml",
        """
        game: toy
        name: v
        title: V
        description: D
        extends: standard
        rules:
          zero_sum: "yes"
        """,
    )
    assert problems(game, path, user_dir) == [f"{path}:7:13: expected true or false, got a string"]


def test_value_out_of_range(game, user_dir, tmp_path):
    path = write(
        tmp_path,
        "v.yaml",
        """
        game: toy
        name: v
        title: V
        description: D
        extends: standard
        rules:
          rounds: 13
        """,
    )
    assert problems(game, path, user_dir) == [
        f"{path}:7:11: 13 is out of range: expected an integer from 1 to 12"
    ]


def test_unknown_card_id_points_at_the_list_item(game, user_dir, tmp_path):
    path = write(
        tmp_path,
        "v.yaml",
        """
        game: toy
        name: v
        title: V
        description: D
        extends: standard
        rules:
          yaku:
            sake:
              cards: [cherry-curtain, chrysanthemum-sak]
              points: 3
        """,
    )
    [problem] = problems(game, path, user_dir)
    assert problem.startswith(f"{path}:9:31: unknown card 'chrysanthemum-sak'")
    assert "did you mean 'chrysanthemum-sake'?" in problem


def test_unknown_choice_lists_the_options(game, user_dir, tmp_path):
    path = write(
        tmp_path,
        "v.yaml",
        """
        game: toy
        name: v
        title: V
        description: D
        extends: standard
        rules:
          exhausted: nobody
        """,
    )
    assert problems(game, path, user_dir) == [
        f"{path}:7:14: unknown exhausted rule 'nobody' (one of: draw, dealer)"
    ]


def test_missing_rule_without_parent(game, user_dir, tmp_path):
    path = write(
        tmp_path,
        "v.yaml",
        """
        game: toy
        name: v
        title: V
        description: D
        rules:
          rounds: 2
          yaku: {}
        """,
    )
    [problem] = problems(game, path, user_dir)
    assert problem.startswith(f"{path}:5:1: missing key 'zero_sum'")


def test_extends_cycle(game, user_dir, tmp_path):
    folder = tmp_path / "cyc"
    write(folder, "a.yaml", "game: toy\nname: a\ntitle: A\ndescription: D\nextends: b\nrules: {}\n")
    write(folder, "b.yaml", "game: toy\nname: b\ntitle: B\ndescription: D\nextends: a\nrules: {}\n")
    [problem] = problems(game, folder / "a.yaml", user_dir)
    assert problem == f"{folder / 'b.yaml'}:5:10: 'extends' makes a cycle: a -> b -> a"


def test_extends_missing_parent(game, user_dir, tmp_path):
    path = write(
        tmp_path,
        "v.yaml",
        """
        game: toy
        name: v
        title: V
        description: D
        extends: standrd
        rules: {}
        """,
    )
    [problem] = problems(game, path, user_dir)
    assert problem.startswith(f"{path}:5:10: extends 'standrd', but no variant of 'toy'")
    assert "did you mean 'standard'?" in problem


def test_file_of_another_game(game, user_dir, tmp_path):
    path = write(
        tmp_path,
        "v.yaml",
        """
        game: sakura
        name: v
        title: V
        description: D
        rules: {}
        """,
    )
    assert f"{path}:1:7: this is a variant of 'sakura', not of 'toy'" in problems(
        game, path, user_dir
    )


def test_bad_yaml_syntax_is_located(game, user_dir, tmp_path):
    path = write(tmp_path, "v.yaml", "game: toy\nname: [v\ntitle: V\n")
    [problem] = problems(game, path, user_dir)
    assert problem.startswith(f"{path}:3:")
    assert "not valid YAML" in problem


def test_duplicate_key_is_an_error(game, user_dir, tmp_path):
    path = write(
        tmp_path,
        "v.yaml",
        """
        game: toy
        name: v
        title: V
        description: D
        extends: standard
        rules:
          rounds: 2
          rounds: 3
        """,
    )
    assert problems(game, path, user_dir) == [
        f"{path}:8:3: key 'rounds' appears twice (first on line 7)"
    ]


def test_yaml_tags_are_not_executed(game, user_dir, tmp_path):
    path = write(tmp_path, "v.yaml", "game: !!python/object/apply:os.system ['true']\n")
    [problem] = problems(game, path, user_dir)
    assert "not valid YAML" in problem


def test_unknown_variant_name(game, user_dir):
    with pytest.raises(
        AsobiError, match="unknown variant 'standart' of toy .did you mean 'standard'"
    ):
        variants.load(game, "standart", user_dir=user_dir)


def test_variant_check_command_reports_and_exits_2(tmp_path, capsys, nim_registry, monkeypatch):
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: nim_registry)
    good = write(
        tmp_path,
        "good.yaml",
        """
        game: nim
        name: good
        title: Good
        description: Bigger piles.
        extends: standard
        rules: {piles: [7, 9]}
        """,
    )
    bad = write(
        tmp_path,
        "bad.yaml",
        """
        game: nim
        name: bad
        title: Bad
        description: Too greedy.
        extends: standard
        rules: {max_take: 0, misère: true}
        """,
    )
    assert main(["variant", "check", str(good)]) == 0
    assert "good.yaml: ok (Nim, variant 'good': good <- standard)" in capsys.readouterr().out
    assert main(["variant", "check", str(good), str(bad)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"{bad}:6:19: 0 is out of range: expected an integer from 1 to 50",
        f"{bad}:6:22: unknown key 'misère' (did you mean 'misere'?)",
    ]


def test_variant_check_of_unknown_game(tmp_path, capsys, nim_registry, monkeypatch):
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: nim_registry)
    path = write(tmp_path, "x.yaml", "game: chess\nname: x\ntitle: X\ndescription: D\nrules: {}\n")
    assert main(["variant", "check", str(path)]) == 2
    assert f"{path}:1:1: unknown game 'chess'" in capsys.readouterr().err


# --------------------------------------------------------------------------- one pass


def test_every_problem_of_a_file_is_reported_at_once_sorted_by_place(game, user_dir, tmp_path):
    path = write(
        tmp_path,
        "v.yaml",
        """
        game: toy
        name: v
        descripton: D
        extends: standard
        rules:
          exhausted: draw
          rounds: 13
          zero_sum: "yes"
          yaku:
            sake:
              cards: [cherry-curtain, chrysanthemum-sak]
              pionts: 3
          exhausted: nobody
        """,
    )
    assert problems(game, path, user_dir) == [
        f"{path}:1:1: missing key 'title' (required: a short title, shown in variant lists)",
        f"{path}:1:1: missing key 'description' "
        "(required: a sentence or two on what the variant changes)",
        f"{path}:3:1: unknown key 'descripton' (did you mean 'description'?)",
        f"{path}:7:11: 13 is out of range: expected an integer from 1 to 12",
        f"{path}:8:13: expected true or false, got a string",
        f"{path}:10:5: missing key 'yaku.sake.points' (an integer of at least 0)",
        f"{path}:11:31: unknown card 'chrysanthemum-sak' (did you mean 'chrysanthemum-sake'?)",
        f"{path}:12:7: unknown key 'pionts' (did you mean 'points'?)",
        f"{path}:13:3: key 'exhausted' appears twice (first on line 6)",
        f"{path}:13:14: unknown exhausted rule 'nobody' (one of: draw, dealer)",
    ]


def test_header_problems_do_not_hide_rule_problems(game, user_dir, tmp_path):
    path = write(
        tmp_path,
        "v.yaml",
        """
        game: toy
        name: v
        description: D
        extends: standard
        rules:
          zero_summ: true
        """,
    )
    assert problems(game, path, user_dir) == [
        f"{path}:1:1: missing key 'title' (required: a short title, shown in variant lists)",
        f"{path}:6:3: unknown key 'zero_summ' (did you mean 'zero_sum'?)",
    ]


def test_a_missing_parent_does_not_hide_rule_problems_nor_invent_missing_keys(
    game, user_dir, tmp_path
):
    path = write(
        tmp_path,
        "v.yaml",
        """
        game: toy
        name: v
        title: V
        description: D
        extends: standrd
        rules:
          rounds: 0
          zero_summ: true
        """,
    )
    found = problems(game, path, user_dir)
    assert found == [
        f"{path}:5:10: extends 'standrd', but no variant of 'toy' has that name "
        "(did you mean 'standard'?)",
        f"{path}:7:11: 0 is out of range: expected an integer from 1 to 12",
        f"{path}:8:3: unknown key 'zero_summ' (did you mean 'zero_sum'?)",
    ]


def test_problems_of_a_broken_parent_come_after_those_of_the_file(game, user_dir, tmp_path):
    folder = tmp_path / "mine"
    parent = write(
        folder,
        "base.yaml",
        "game: toy\nname: base\ndescription: D\nextends: standard\nrules: {rounds: 99}\n",
    )
    child = write(
        folder,
        "child.yaml",
        "game: toy\nname: child\ntitle: C\ndescription: D\nextends: base\nrules: {zero_sum: 1}\n",
    )
    assert problems(game, child, user_dir) == [
        f"{child}:6:19: expected true or false, got an integer",
        f"{parent}:1:1: missing key 'title' (required: a short title, shown in variant lists)",
        f"{parent}:5:17: 99 is out of range: expected an integer from 1 to 12",
    ]


def test_a_file_without_its_game_reports_its_whole_header(tmp_path):
    path = write(tmp_path, "v.yaml", "name: v\ntitel: V\nrules: {}\n")
    with pytest.raises(VariantError) as info:
        variants.peek_game(path)
    assert info.value.problems == [
        f"{path}:1:1: missing key 'game' (required: the game the variant is for, e.g. koikoi)",
        f"{path}:1:1: missing key 'title' (required: a short title, shown in variant lists)",
        f"{path}:1:1: missing key 'description' "
        "(required: a sentence or two on what the variant changes)",
        f"{path}:2:1: unknown key 'titel' (did you mean 'title'?)",
    ]


def test_every_required_header_key_says_it_is_required(game, user_dir, tmp_path):
    path = write(tmp_path, "v.yaml", "extends: standard\n")
    found = problems(game, path, user_dir)
    for key in variants.REQUIRED_HEADER:
        assert any(f"missing key '{key}' (required: " in line for line in found), key
    assert not any("'extends'" in line for line in found)


# --------------------------------------------------------------------------- extends itself


def test_a_variant_that_extends_itself_is_told_so(game, user_dir, tmp_path):
    path = write(
        tmp_path,
        "selfy.yaml",
        "game: toy\nname: selfy\ntitle: S\ndescription: D\nextends: selfy\nrules: {}\n",
    )
    [problem] = problems(game, path, user_dir)
    assert problem == (
        f"{path}:5:10: extends 'selfy', which is this variant itself: a variant cannot extend "
        "itself; name another variant of 'toy' (for example 'standard')"
    )


def test_a_user_variant_that_extends_itself_is_told_so(game, user_dir):
    write(
        user_dir,
        "selfy.yaml",
        "game: toy\nname: selfy\ntitle: S\ndescription: D\nextends: selfy\nrules: {}\n",
    )
    [problem] = problems(game, "selfy", user_dir)
    assert "which is this variant itself" in problem
    assert "did you mean" not in problem


def test_a_near_miss_does_not_suggest_the_file_itself(game, user_dir):
    write(
        user_dir,
        "selfy.yaml",
        "game: toy\nname: selfy\ntitle: S\ndescription: D\nextends: selfyy\nrules: {}\n",
    )
    [problem] = problems(game, "selfy", user_dir)
    assert problem.endswith("extends 'selfyy', but no variant of 'toy' has that name")


def test_a_longer_cycle_keeps_its_message(game, user_dir, tmp_path):
    folder = tmp_path / "cyc3"
    for name, parent in (("a", "b"), ("b", "c"), ("c", "a")):
        write(
            folder,
            f"{name}.yaml",
            f"game: toy\nname: {name}\ntitle: T\ndescription: D\nextends: {parent}\nrules: {{}}\n",
        )
    [problem] = problems(game, folder / "a.yaml", user_dir)
    assert problem == f"{folder / 'c.yaml'}:5:10: 'extends' makes a cycle: a -> b -> c -> a"


# --------------------------------------------------------------------------- a real game


KOIKOI_HOUSE = """
game: koikoi
name: house
descripton: Our rules.
extends: standard
rules:
  rounds: 5
  scoring:
    double_factr: 2
  yaku:
    sake-and-blossoms:
      title: sake and blossoms
      cards: [cherry-curtain, chrysanthemum-sak]
      points: 3
      replaces: [flower-veiwing]
    rain:
      title: rain
      cardz: [willow-rainman]
      points: 1
"""


def test_variant_check_reports_cross_field_problems_with_the_others(tmp_path, capsys):
    path = write(tmp_path, "house.yaml", KOIKOI_HOUSE)
    assert main(["variant", "check", str(path)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"{path}:1:1: missing key 'title' (required: a short title, shown in variant lists)",
        f"{path}:1:1: missing key 'description' "
        "(required: a sentence or two on what the variant changes)",
        f"{path}:3:1: unknown key 'descripton' (did you mean 'description'?)",
        f"{path}:6:11: 5 rounds is not offered: choose one of 1, 3, 6, 8, 12",
        f"{path}:8:5: unknown key 'double_factr' (did you mean 'double_factor'?)",
        f"{path}:12:31: unknown card 'chrysanthemum-sak' (did you mean 'chrysanthemum-sake'?)",
        # a cross-field check of the yaku, reported although other problems were found
        f"{path}:14:18: unknown yaku 'flower-veiwing' (did you mean 'flower-viewing'?)",
        # ...but not "yaku 'rain' names no cards", a consequence of the misspelt key
        f"{path}:17:7: unknown key 'cardz' (did you mean 'cards'?)",
    ]
