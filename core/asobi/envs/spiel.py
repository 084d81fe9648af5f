"""An asobi game as a Python OpenSpiel game: its type, its parameters, its observer.

:mod:`asobi.envs.openspiel` registers one such game per installed asobi game; the AI levels of
:mod:`asobi.envs.levels` build them directly. The parameters (all optional):

* ``variant`` (text): a variant name or a path, as ``--variant`` takes it;
* ``players`` (int): the number of seats (default: the game's usual table);
* ``deals`` (int): ``0`` (the default) for *sampled chance*: every new game is dealt from a
  fresh seed and the game never shows a chance node (``SAMPLED_STOCHASTIC``, or
  ``DETERMINISTIC`` for a game that draws nothing at random: :mod:`asobi.envs.spiel_probe`);
  ``N`` > 0 for *explicit chance*: the first node is a chance node with ``N`` equally likely
  deals (the seeds of ``N`` games), after which the game is deterministic, as asobi games are
  for a given seed;
* ``rng_seed`` (int): where the seeds of the deals start (the same ``rng_seed`` deals the same
  games in the same order);
* ``dynamics`` (text): ``auto`` (the default: ``simultaneous`` for a game whose seats were seen
  choosing together, else ``sequential``), ``sequential`` (seats that choose together act one
  after the other, none seeing the others' choice) or ``simultaneous`` (one joint action);
* ``max_game_length`` (int): moves after which a game stops, unfinished; ``0`` (the default):
  a bound learnt from random games (:attr:`asobi.envs.spiel_probe.Probe.length_bound`);
* ``returns`` (text): ``outcome`` (the default: +1 for the winner, -1/(players - 1) for every
  other seat, 0 each without a winner) or ``margin`` (each seat's score less the mean score).

Returns come at the end only and add up to 0. A value the game does not take raises
:class:`SpielParameterError`. Observations are those of
:mod:`asobi.envs.encoding` (tensor) and the seat's asobi observation as JSON (string); the
information state is a string; see :class:`AsobiObserver`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

from asobi.envs.encoding import Encoding
from asobi.envs.setting import Setting, default_players, resolve
from asobi.envs.spiel_probe import Probe, probe
from asobi.envs.survey import Survey, survey
from asobi.errors import AsobiError
from asobi.host.registry import Game, Registry
from asobi.play.seeds import spiel_deal_seed
from asobi.play.session import canonical

PREFIX = "python_asobi_"
DYNAMICS = ("auto", "sequential", "simultaneous")
RETURNS = ("outcome", "margin")


class SpielParameterError(AsobiError, pyspiel.SpielError):  # type: ignore[misc,unused-ignore]
    """A parameter of an OpenSpiel game that the asobi game does not take (an unknown variant,
    a number of players the game does not allow, a value out of range). It is both the
    project's :class:`~asobi.errors.AsobiError` and ``pyspiel.SpielError``, what OpenSpiel
    raises for a parameter it refuses itself (an unknown name, a wrong type), so code written
    for OpenSpiel catches it."""


def _whole(params: Mapping[str, Any], key: str, default: int, least: int | None) -> int:
    value = params.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or (
            least is not None and value < least):
        floor = "" if least is None else f" of at least {least}"
        raise SpielParameterError(f"{key} must be a whole number{floor}, not {value!r}")
    return value


def _choice(params: Mapping[str, Any], key: str, choices: tuple[str, ...]) -> str:
    value = params.get(key, choices[0])
    if value not in choices:
        raise SpielParameterError(f"{key} must be one of {', '.join(choices)}, not {value!r}")
    return str(value)


def short_name(game: str) -> str:
    """The OpenSpiel name of an asobi game: ``koikoi`` -> ``python_asobi_koikoi``."""
    return PREFIX + game.replace("-", "_")


def parameters(game: Game) -> dict[str, Any]:
    """The parameters of ``game``'s OpenSpiel game with their defaults."""
    return {
        "variant": game.info.default_variant,
        "players": default_players(game),
        "deals": 0,
        "rng_seed": 0,
        "dynamics": "auto",
        "max_game_length": 0,
        "returns": "outcome",
    }


def game_type(spec: Spec) -> Any:
    """The ``pyspiel.GameType`` of the OpenSpiel game ``spec`` describes: its dynamics, its
    chance, its information. A game is registered with the type of its default parameters."""
    info = spec.setting.game.info
    kinds = pyspiel.GameType
    return kinds(
        short_name=short_name(info.name),
        long_name=f"asobi {info.title}",
        dynamics=(kinds.Dynamics.SIMULTANEOUS if spec.dynamics == "simultaneous"
                  else kinds.Dynamics.SEQUENTIAL),
        chance_mode=chance_mode(spec),
        information=(kinds.Information.PERFECT_INFORMATION if spec.perfect_information
                     else kinds.Information.IMPERFECT_INFORMATION),
        utility=kinds.Utility.ZERO_SUM,
        reward_model=kinds.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=spec.recall,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(spec.setting.game),
    )


def chance_mode(spec: Spec) -> Any:
    """``EXPLICIT_STOCHASTIC`` with explicit deals (a chance node comes first); else
    ``SAMPLED_STOCHASTIC`` for a game that draws at random (:mod:`asobi.envs.spiel_probe`),
    ``DETERMINISTIC`` for one that never did."""
    modes = pyspiel.GameType.ChanceMode
    if spec.deals:
        return modes.EXPLICIT_STOCHASTIC
    return modes.SAMPLED_STOCHASTIC if spec.probe.draws_at_random else modes.DETERMINISTIC


@dataclass(frozen=True)
class Spec:
    """Everything one OpenSpiel game of an asobi game is made of."""

    setting: Setting
    encoding: Encoding
    survey: Survey
    probe: Probe
    deals: int = 0
    rng_seed: int = 0
    dynamics: str = "sequential"
    max_game_length: int = 1
    """Moves (joint moves at a simultaneous node) after which a game stops unfinished: the
    ``max_game_length`` parameter, or where it is 0, the probe's bound
    (:attr:`asobi.envs.spiel_probe.Probe.length_bound`)."""
    returns: str = "outcome"
    """``outcome``: +1 for the winner, -1/(players - 1) for the others; ``margin``: each
    seat's score less the mean score (see :func:`asobi.envs.spiel_state.final_returns`)."""
    recall: bool = True
    """Whether states keep each seat's memory for its information state string (the games of
    the bots, which key their trees on observations, go without)."""
    information: str = "auto"
    """``auto``: perfect information when the survey saw nothing hidden; ``imperfect``: always
    imperfect (OpenSpiel's ISMCTS asks for it, and a game of perfect information is one of
    imperfect information where nothing happens to be hidden)."""

    @property
    def perfect_information(self) -> bool:
        return self.information == "auto" and self.survey.perfect_information


class Catalogue:
    """Builds the OpenSpiel games of one registry's asobi games, remembering the encodings,
    surveys and probes (they cost a few random games) per game, rules and players."""

    def __init__(self, registry: Registry | None = None) -> None:
        self.registry = registry
        self._parts: dict[tuple[str, str, int], tuple[Encoding, Survey, Probe]] = {}

    def parts(self, setting: Setting) -> tuple[Encoding, Survey, Probe]:
        key = (setting.game.name, canonical({"rules": dict(setting.variant.rules)}),
               setting.players)
        if key not in self._parts:
            surveyed = survey(setting.game, setting.variant, setting.players)
            encoding = Encoding.of(setting.game, setting.variant, setting.players,
                                   surveyed=surveyed)
            self._parts[key] = (encoding, surveyed, probe(setting))
        return self._parts[key]

    def spec(self, setting: Setting, params: Mapping[str, Any]) -> Spec:
        """The spec of ``setting`` with the OpenSpiel ``params`` (see the module); a
        :class:`SpielParameterError` for a value the game does not take."""
        deals = _whole(params, "deals", 0, 0)
        rng_seed = _whole(params, "rng_seed", 0, None)
        max_length = _whole(params, "max_game_length", 0, 0)
        dynamics = _choice(params, "dynamics", DYNAMICS)
        returns = _choice(params, "returns", RETURNS)
        encoding, surveyed, probed = self.parts(setting)
        if dynamics == "auto":
            dynamics = "simultaneous" if surveyed.simultaneous else "sequential"
        return Spec(setting, encoding, surveyed, probed, deals, rng_seed, dynamics,
                    max_length or probed.length_bound, returns)

    def load(self, game: str | Game, params: Mapping[str, Any] | None = None) -> AsobiGame:
        """The OpenSpiel game of ``game`` with ``params`` (missing ones take their default)."""
        full, spec = self.specify(game, params)
        return AsobiGame(full, spec)

    def specify(self, game: str | Game, params: Mapping[str, Any] | None = None
                ) -> tuple[dict[str, Any], Spec]:
        """Every parameter of ``game`` (``params``, the defaults for the missing ones) and
        the spec they make. An unknown game, variant or number of players is a
        :class:`SpielParameterError` naming the OpenSpiel game."""
        params = dict(params or {})
        named = short_name(game.removeprefix(PREFIX) if isinstance(game, str) else game.name)
        try:
            if isinstance(game, str):
                name = game.removeprefix(PREFIX)
                found = (self.registry.game(name) if self.registry is not None
                         else resolve(name).game)
            else:
                found = game
            full = {**parameters(found), **params}
            setting = resolve(found, str(full["variant"]), int(full["players"]),
                              self.registry)
            return full, self.spec(setting, full)
        except AsobiError as exc:
            raise SpielParameterError(f"{named}: {exc}") from None


def utility_range(spec: Spec) -> tuple[float, float]:
    """The least and the greatest return of a seat. asobi games declare no bound on their
    scores, so a margin is unbounded: OpenSpiel is told -inf and +inf."""
    if spec.returns == "margin":
        return -math.inf, math.inf
    players = spec.setting.players
    return -1.0 / (players - 1), 1.0


class AsobiGame(pyspiel.Game):  # type: ignore[misc,unused-ignore]
    """One asobi game under one variant and number of players, for OpenSpiel."""

    def __init__(self, params: Mapping[str, Any], spec: Spec) -> None:
        players = spec.setting.players
        least, greatest = utility_range(spec)
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.encoding.action_count,
            max_chance_outcomes=spec.deals,
            num_players=players,
            min_utility=least,
            max_utility=greatest,
            utility_sum=0.0,
            max_game_length=spec.max_game_length,
        )
        super().__init__(game_type(spec), info, dict(params))
        self.spec = spec
        self.dealt = 0
        """Games dealt so far in sampled chance (the next one is ``spiel_deal_seed(rng_seed,
        dealt)``)."""

    def next_seed(self) -> int:
        """The seed of the next game of sampled chance."""
        seed = spiel_deal_seed(self.spec.rng_seed, self.dealt)
        self.dealt += 1
        return seed

    def new_initial_state(self) -> Any:
        from asobi.envs.spiel_state import AsobiState

        return AsobiState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Mapping[str, Any] | None = None) -> AsobiObserver:
        return AsobiObserver(self.spec, iig_obs_type, params)


class AsobiObserver:
    """A seat's view of a state, for OpenSpiel.

    An observation (OpenSpiel's default, ``perfect_recall=False``): ``tensor`` (and its named
    parts in ``dict``) is the encoding of the seat's observation, the string the observation
    as JSON. An information state (``perfect_recall=True``): a string only, a digest of every
    view the seat had and every action it took, in order, followed by that JSON; there is no
    information-state tensor (``tensor`` is None), as the encoding of a view holds no memory.
    asobi shows a seat its own view only, so the observer offers ``public_info=True`` with
    ``private_info`` of the single seat (both OpenSpiel defaults), nothing else."""

    def __init__(self, spec: Spec, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"asobi observers take no parameters; got {dict(params)}")
        self.spec = spec
        single = pyspiel.PrivateInfoType.SINGLE_PLAYER
        if iig_obs_type is not None and (not iig_obs_type.public_info
                                         or iig_obs_type.private_info != single):
            raise ValueError("asobi games observe one seat's own view: public_info=True and "
                             "private_info=SINGLE_PLAYER")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if self.perfect_recall and not spec.recall:
            raise ValueError("this game keeps no memory of the seats: it has no information "
                             "states (recall is off)")
        self.tensor: Any = None
        self.dict: dict[str, Any] = {}
        if not self.perfect_recall:
            self.tensor = np.zeros(spec.encoding.size, dtype=np.float32)
            self.dict = spec.encoding.split(self.tensor)

    def set_from(self, state: Any, player: int) -> None:
        if self.tensor is None:
            return
        vector = state.seat_tensor(player)
        if vector is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = vector

    def string_from(self, state: Any, player: int) -> str:
        if self.perfect_recall:
            return str(state.seat_history(player))
        return str(state.seat_text(player))
