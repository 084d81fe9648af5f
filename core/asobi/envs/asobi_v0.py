"""Every installed asobi game as a PettingZoo environment, named the way PettingZoo names its
own (``pettingzoo.classic.tictactoe_v3``): a versioned module with ``env``, ``raw_env`` and
``parallel_env``::

    from asobi.envs import asobi_v0

    env = asobi_v0.env("koikoi", variant="koikoi-japan", seed=7)

The version changes when an environment of the same arguments would behave differently
(rewards, spaces, turns), so that results stay comparable. See ``docs/envs.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from asobi.errors import AsobiError

if TYPE_CHECKING:
    from asobi.envs.aec import AsobiAEC
    from asobi.envs.parallel import AsobiParallel
    from asobi.envs.setting import Setting
    from asobi.envs.vector import VectorEnv
    from asobi.host.registry import Game, Registry
    from asobi.variants.loader import Variant

__all__ = ["env", "parallel_env", "raw_env", "vector_env"]


def _needs_rl() -> None:
    try:
        import gymnasium  # noqa: F401
        import numpy  # noqa: F401
        import pettingzoo  # type: ignore[import-untyped,import-not-found,unused-ignore]  # noqa: F401
    except ImportError as exc:
        missing = getattr(exc, "name", None) or str(exc)
        raise AsobiError(f"the PettingZoo environments need {missing}: "
                         "pip install 'asobi[rl]'") from None


def _setting(game: str | Game, variant: str | Variant | None, players: int | None,
             max_actions: int | None, registry: Registry | None) -> tuple[Setting, Any]:
    _needs_rl()
    from asobi.envs.encoding import Encoding
    from asobi.envs.setting import resolve

    setting = resolve(game, variant, players, registry)
    return setting, Encoding.of(setting.game, setting.variant, setting.players, max_actions)


def raw_env(
    game: str | Game,
    variant: str | Variant | None = None,
    players: int | None = None,
    seed: int | str | None = None,
    render_mode: str | None = None,
    *,
    reward: str = "margin",
    on_illegal: str = "end",
    max_cycles: int | None = None,
    opponents: Mapping[str, str] | None = None,
    max_actions: int | None = None,
    lang: str = "en",
    registry: Registry | None = None,
) -> AsobiAEC:
    """A PettingZoo ``AECEnv`` of ``game`` (a name or a registry's game) under ``variant``
    (default: the game's) with ``players`` seats (default: the game's usual table), without
    PettingZoo's order checks (:func:`env` adds them).

    ``seed`` seeds the first episode (``reset(seed=...)`` any later one): the same seed and
    the same actions give the same episode. ``render_mode``: ``"human"`` prints the seat's text
    view in ``lang``, ``"ansi"`` returns it. ``reward``: ``"margin"`` (zero-sum: the score less
    the mean of the others', the default), ``"points"`` (the score itself) or ``"outcome"``
    (+1 / -1 at the end). ``on_illegal``: ``"end"`` (the game ends, -1 for the seat that sent
    it, the default), ``"random"`` (a random legal action instead, flagged in ``infos``) or
    ``"raise"``. ``max_cycles``: truncate once every agent has made that many moves.
    ``opponents``: agents whose seats asobi AI levels play, ``{"player_1": "normal"}``.
    ``max_actions``: the size of the generic action space, for a game without
    ``asobi_action_space`` whose longest legal list random games do not reach."""
    setting, encoding = _setting(game, variant, players, max_actions, registry)
    from asobi.envs.aec import AsobiAEC

    return AsobiAEC(setting, encoding, seed, render_mode, reward, on_illegal, max_cycles, lang,
                    opponents)


def env(
    game: str | Game,
    variant: str | Variant | None = None,
    players: int | None = None,
    seed: int | str | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> Any:
    """:func:`raw_env` wrapped in PettingZoo's ``OrderEnforcingWrapper``, as PettingZoo's own
    environments are: ``step()`` or ``observe()`` before ``reset()`` is PettingZoo's clear
    error. (The wrapper is :class:`asobi.envs.aec.OrderEnforcing`, the same checks with a
    quicker ``last()``.) Takes the arguments of :func:`raw_env`."""
    wrapped = raw_env(game, variant, players, seed, render_mode, **options)
    from asobi.envs.aec import OrderEnforcing

    return OrderEnforcing(wrapped)


def parallel_env(
    game: str | Game,
    variant: str | Variant | None = None,
    players: int | None = None,
    seed: int | str | None = None,
    render_mode: str | None = None,
    *,
    reward: str = "margin",
    on_illegal: str = "end",
    max_cycles: int | None = None,
    opponents: Mapping[str, str] | None = None,
    max_actions: int | None = None,
    lang: str = "en",
    registry: Registry | None = None,
) -> AsobiParallel:
    """A PettingZoo ``ParallelEnv`` of ``game``: each step plays one decision, every agent
    that acts in it at once (Sakura's picks, Goofspiel's bids). The arguments are those of
    :func:`raw_env`; ``max_cycles`` counts steps."""
    setting, encoding = _setting(game, variant, players, max_actions, registry)
    from asobi.envs.parallel import AsobiParallel

    return AsobiParallel(setting, encoding, seed, render_mode, reward, on_illegal, max_cycles,
                         lang, opponents)


def vector_env(
    game: str | Game,
    num_envs: int,
    variant: str | Variant | None = None,
    players: int | None = None,
    seed: int | str | None = None,
    *,
    reward: str = "margin",
    on_illegal: str = "end",
    opponents: Mapping[str, str] | None = None,
    max_actions: int | None = None,
    registry: Registry | None = None,
) -> VectorEnv:
    """``num_envs`` games of ``game`` stepped together (:class:`asobi.envs.vector.VectorEnv`):
    batched observations and masks of the seat to act in each, one action a game a step, the
    rewards of every seat, a game that ends dealt again at once. The other arguments are those
    of :func:`raw_env`."""
    setting, encoding = _setting(game, variant, players, max_actions, registry)
    from asobi.envs.vector import VectorEnv

    return VectorEnv(setting, encoding, num_envs, seed, reward, on_illegal, opponents)
