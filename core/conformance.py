"""The conformance kit: checks any game plugin against the core's contract.

Run it from a plugin's own tests::

    from asobi.conformance import check_game
    check_game(game, players=2, games=20)

It plays random games with random legal actions and checks that

* every game ends, and every observation, action and result is plain JSON;
* illegal actions (unknown, from a seat not to act, malformed) are refused with
  :class:`AsobiError` and change nothing any seat can observe;
* observations do not depend on hidden information: a state re-dealt by
  ``asobi_hidden_variant`` gives the seat the very same observation (and, for games with
  hidden information, the re-deal really changes what some other seat sees);
* replaying the record of each game (through JSON) gives the identical result and
  identical final observations;
* the result has the replay-output shape of records.md;
* a seat that is not to act has no legal action;
* an event a seat may see says nothing that seat's next observation does not: in a world the
  seat cannot tell apart from the real one, where the same move leaves the seat the same
  observation, the seat must be shown the same events (an event that reveals what others
  cannot see must name its ``seats``);
* the view hooks answer text (labels for every legal action, the text view, the rules, event
  descriptions or ``None``);
* every AI level the game lists (or the ``levels`` given) answers with one of the legal
  actions;
* a game that implements ``asobi_resample`` builds, from each seat's observation, a state
  that gives the seat the same observation and can be played on.

A leak is reported with the observation key that gave it away.

Failures raise :class:`AssertionError` naming the game, seed and step.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from asobi.agents import make_agent
from asobi.errors import AsobiError
from asobi.registry import Game
from asobi.session import Session, canonical, visible_events
from asobi.variants import Variant


class ConformanceError(AssertionError):
    pass


def _json(value: Any, what: str) -> str:
    try:
        return json.dumps(value, sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise ConformanceError(f"{what} is not plain JSON: {exc}") from None


def _all_observations(session: Session) -> list[str]:
    return [_json(session.observation(s), "observation") for s in range(session.players)]


def _check_result(result: Mapping[str, Any], players: int, where: str) -> None:
    for key in ("game", "variant", "finished", "rounds", "scores", "winner"):
        if key not in result:
            raise ConformanceError(f"{where}: result has no '{key}'")
    if not isinstance(result["finished"], bool):
        raise ConformanceError(f"{where}: 'finished' must be true or false")
    if len(result["scores"]) != players:
        raise ConformanceError(f"{where}: {len(result['scores'])} scores for {players} seats")
    winner = result["winner"]
    if winner is not None and not (isinstance(winner, int) and 0 <= winner < players):
        raise ConformanceError(f"{where}: winner {winner!r} is not a seat")
    for i, unit in enumerate(result["rounds"]):
        if len(unit.get("points", ())) != players or "winner" not in unit:
            raise ConformanceError(f"{where}: round {i} needs 'points' per seat and 'winner'")


def first_difference(mine: Any, theirs: Any, path: str = "") -> str:
    """Where two observations first differ, as a key path (``hand[2]``, ``piles``...)."""
    if isinstance(mine, dict) and isinstance(theirs, dict):
        for key in sorted(set(mine) | set(theirs), key=str):
            if mine.get(key) != theirs.get(key):
                return first_difference(mine.get(key), theirs.get(key), f"{path}.{key}")
    if isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
        for i, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            if a != b:
                return first_difference(a, b, f"{path}[{i}]")
    return path.lstrip(".") or "(the whole observation)"


def _views(game: Game, session: Session, seat: int, where: str) -> None:
    """The view hooks answer text."""
    raw = game.hooks.raw
    obs = session.observation(seat)
    text = raw.asobi_render_text(observation=obs, lang="en")
    if not isinstance(text, str):
        raise ConformanceError(f"{where}: asobi_render_text returned {type(text).__name__}")
    for action in session.legal_actions(seat):
        label = raw.asobi_describe_action(observation=obs, action=action, lang="en")
        if not isinstance(label, str) or not label:
            raise ConformanceError(f"{where}: no label for {canonical(action)}")


def _events_leak(
    game: Game, session: Session, seat: int, action: dict[str, Any], events: list[Any],
    worlds: list[Any], where: str,
) -> None:
    """Events a seat sees must follow from what it will observe (see the module docstring);
    ``worlds[viewer]`` was dealt again for ``viewer`` just before the move."""
    hooks = game.hooks
    for viewer, world in enumerate(worlds):
        legal = [canonical(a) for a in hooks.legal_actions(world, seat)]
        if canonical(action) not in legal:
            continue
        theirs = hooks.apply(world, seat, action)
        if hooks.observation(world, viewer) != session.observation(viewer):
            continue
        mine, other = visible_events(events, viewer), visible_events(theirs, viewer)
        if _json(mine, "events") != _json(other, "events"):
            raise ConformanceError(
                f"{where}: seat {viewer} is shown events that depend on what it cannot see "
                f"({_json(mine, 'events')[:200]}); give such events a 'seats' list"
            )
        for event in mine:
            text = hooks.raw.asobi_describe_event(event=event, seat=viewer, lang="en")
            if text is not None and not isinstance(text, str):
                raise ConformanceError(f"{where}: asobi_describe_event returned "
                                       f"{type(text).__name__}")


def _agents(
    game: Game, session: Session, levels: list[str], seat: int, where: str, seed: int
) -> None:
    obs = session.observation(seat)
    legal = session.legal_actions(seat)
    keys = {canonical(a) for a in legal}
    for level in levels:
        agent = make_agent(game, level, seat, session.variant.rules, session.players, seed)
        choice = agent.choose(json.loads(_json(obs, "observation")), legal)
        if not isinstance(choice, dict) or canonical(choice) not in keys:
            raise ConformanceError(f"{where}: ai:{level} chose {choice!r}, not a legal action")


def _resample(
    game: Game, session: Session, observations: list[str], rng: random.Random, where: str
) -> None:
    """A resampled state gives its seat the very observation it was built from, and can be
    played on (every seat to act has a legal action)."""
    hooks = game.hooks
    for seat in range(session.players):
        obs = json.loads(observations[seat])
        world = hooks.resample(obs, seat, session.variant.rules, session.players, rng)
        seen = _json(hooks.observation(world, seat), "observation")
        if seen != observations[seat]:
            key = first_difference(obs, json.loads(seen))
            raise ConformanceError(
                f"{where}: asobi_resample for seat {seat} gives another observation ('{key}')"
            )
        for other in hooks.to_act(world):
            if not hooks.legal_actions(world, other):
                raise ConformanceError(f"{where}: in a resampled state seat {other} must act "
                                       "but has no legal action")


def _refusals(session: Session, seat: int, where: str) -> None:
    """Illegal actions must be refused and leave every observation as it was."""
    before = _all_observations(session)
    moves = len(session.moves)
    waiting = set(session.to_act())
    attempts: list[tuple[int, Any]] = [
        (seat, {"no-such-action": True}),
        (seat, "not an object"),
        (seat, {}),
        (-1, session.legal_actions(seat)[0]),
    ]
    idle = [s for s in range(session.players) if s not in waiting]
    if idle:
        attempts.append((idle[0], session.legal_actions(seat)[0]))
    for who, action in attempts:
        try:
            session.apply(who, action)
        except AsobiError:
            pass
        else:
            raise ConformanceError(f"{where}: illegal action {action!r} by seat {who} was accepted")
        if _all_observations(session) != before or len(session.moves) != moves:
            raise ConformanceError(f"{where}: a refused action {action!r} changed the game")


def check_game(
    game: Game,
    variant: Variant | None = None,
    players: int | None = None,
    games: int = 10,
    seed: int = 0,
    max_steps: int = 20_000,
    expect_hidden: bool = True,
    levels: list[str] | None = None,
) -> dict[str, Any]:
    """Run the kit; return a few counts (games, steps) for the caller to report.

    ``variant`` is a loaded variant or a name (default: the game's default). ``levels`` are
    the AI levels whose moves are checked (default: every level the game lists; pass cheaper
    ones, such as ``hard:0.05``, to keep a slow level's check short)."""
    if not isinstance(variant, Variant):
        variant = game.load_variant(variant)
    levels = game.ai_levels() if levels is None else levels
    players = players or game.info.min_players
    seats = ["ai:random"] * players
    hooks = game.hooks
    can_resample = bool(hooks.raw.asobi_resample.get_hookimpls())
    total_steps = 0
    hidden_seen = False
    for g in range(games):
        game_seed = seed + g
        rng = random.Random(game_seed * 31 + 7)
        session = Session(game, variant, seats, seed=game_seed)
        step = 0
        while not session.finished:
            where = f"{game.name} seed {game_seed} step {step}"
            step += 1
            if step > max_steps:
                raise ConformanceError(f"{where}: the game did not end in {max_steps} actions")
            observations = _all_observations(session)
            if can_resample and step % 3 == 1:
                _resample(game, session, observations, rng, where)
            for seat in range(players):
                other = hooks.hidden_variant(session.state, seat, rng)
                if other is None:
                    raise ConformanceError(f"{where}: asobi_hidden_variant returned nothing")
                seen = _json(hooks.observation(other, seat), "observation")
                if seen != observations[seat]:
                    key = first_difference(json.loads(observations[seat]), json.loads(seen))
                    raise ConformanceError(
                        f"{where}: seat {seat}'s observation changes when only what it cannot "
                        f"see changes: '{key}' reveals hidden information"
                    )
                if _all_observations(session) != observations:
                    raise ConformanceError(f"{where}: asobi_hidden_variant changed the state")
                for o in range(players):
                    if o != seat and not hidden_seen:
                        theirs = _json(hooks.observation(other, o), "observation")
                        hidden_seen = theirs != observations[o]
            to_act = session.to_act()
            if sorted(set(to_act)) != list(to_act):
                raise ConformanceError(f"{where}: asobi_to_act must list seats in ascending order")
            for idle in range(players):
                if idle not in to_act and session.legal_actions(idle):
                    raise ConformanceError(
                        f"{where}: seat {idle} is not to act but has legal actions"
                    )
            seat = rng.choice(to_act)
            legal = session.legal_actions(seat)
            if not legal:
                raise ConformanceError(f"{where}: seat {seat} must act but has no legal action")
            _json(legal, "legal actions")
            if step % 7 == 1:
                _refusals(session, seat, where)
                _views(game, session, seat, where)
            if g < 2 and step in (1, 9) and levels:
                _agents(game, session, levels, seat, where, game_seed)
            action = legal[rng.randrange(len(legal))]
            worlds = [
                hooks.hidden_variant(session.state, viewer, rng) for viewer in range(players)
            ] if step <= 3 or step % 5 == 3 else []
            events = session.apply(seat, action)
            _json(events, "events")
            if worlds:
                _events_leak(game, session, seat, action, events, worlds, where)
        total_steps += step
        result = session.result()
        _json(result, "result")
        _check_result(result, players, f"{game.name} seed {game_seed}")
        if not result["finished"]:
            raise ConformanceError(f"{game.name} seed {game_seed}: over, but 'finished' is false")
        record = json.loads(_json(session.record(), "record"))
        again = Session(
            game, variant, record["seats"], seed=record["seed"], setup=record.get("setup")
        )
        for index, move in enumerate(record["moves"]):
            try:
                again.apply(move["seat"], move["action"])
            except AsobiError as exc:
                raise ConformanceError(
                    f"{game.name} seed {game_seed}: replay refused move {index} "
                    f"{canonical(move['action'])}: {exc}"
                ) from None
        if _json(again.result(), "result") != _json(result, "result"):
            raise ConformanceError(f"{game.name} seed {game_seed}: replay gave another result")
        if _all_observations(again) != _all_observations(session):
            raise ConformanceError(f"{game.name} seed {game_seed}: replay ended in another state")
    if expect_hidden and not hidden_seen:
        raise ConformanceError(
            f"{game.name}: asobi_hidden_variant never changed anything another seat sees; "
            "it must re-deal the hidden information"
        )
    return {"games": games, "steps": total_steps}
