"""Every installed asobi game as an environment of the game-AI ecosystem.

* :func:`aec_env` and :func:`parallel_env`: PettingZoo environments (``pip install asobi[rl]``);
* ``import asobi.envs.openspiel``: every installed game registered as an OpenSpiel game,
  ``pyspiel.load_game("python_asobi_koikoi(variant=koikoi-japan)")``
  (``pip install asobi[openspiel]``);
* :mod:`asobi.envs.levels`: OpenSpiel's search bots as AI levels of every game
  (``ai:openspiel-ismcts``, ``ai:openspiel-mcts``), offered where OpenSpiel is installed.

A game encodes itself through two optional hooks (:mod:`asobi.envs.hookspecs`); without them
it gets a generic encoding (:mod:`asobi.envs.encoding`). See ``docs/envs.md``.

Nothing numerical is imported until an environment is asked for: the game plugins import
:mod:`asobi.envs.hookspecs`-free code only, and this package loads without PettingZoo or
OpenSpiel installed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asobi.errors import AsobiError

if TYPE_CHECKING:
    from asobi.envs.aec import AsobiAEC
    from asobi.envs.parallel import AsobiParallel
    from asobi.host.registry import Game, Registry
    from asobi.variants.loader import Variant

__all__ = ["aec_env", "parallel_env"]


def _needs_rl() -> None:
    try:
        import gymnasium  # noqa: F401
        import numpy  # noqa: F401
        import pettingzoo  # type: ignore[import-untyped,import-not-found,unused-ignore]  # noqa: F401
    except ImportError as exc:
        missing = getattr(exc, "name", None) or str(exc)
        raise AsobiError(f"the PettingZoo environments need {missing}: "
                         "pip install 'asobi[rl]'") from None


def aec_env(
    game: str | Game,
    variant: str | Variant | None = None,
    players: int | None = None,
    seed: int | str | None = None,
    render_mode: str | None = None,
    *,
    reward: str = "points",
    on_illegal: str = "random",
    max_cycles: int | None = None,
    max_actions: int | None = None,
    lang: str = "en",
    registry: Registry | None = None,
) -> AsobiAEC:
    """A PettingZoo ``AECEnv`` of ``game`` (a name or a registry's game) under ``variant``
    (default: the game's) with ``players`` seats (default: the game's usual table).

    ``seed`` seeds the first episode (``reset(seed=...)`` any later one): the same seed and
    the same actions give the same episode. ``render_mode="ansi"``: ``render()`` returns the
    seat's text view in ``lang``. ``reward``: ``"points"`` (score changes, the default) or
    ``"outcome"`` (+1 / -1 at the end). ``on_illegal``: ``"random"`` (play a random legal action
    instead, flagged in ``infos``) or ``"raise"``. ``max_cycles``: truncate after that many
    decisions. ``max_actions``: the size of the generic action space, for a game without
    ``asobi_action_space`` whose longest legal list random games do not reach."""
    _needs_rl()
    from asobi.envs.aec import AsobiAEC
    from asobi.envs.encoding import Encoding
    from asobi.envs.setting import resolve

    setting = resolve(game, variant, players, registry)
    encoding = Encoding.of(setting.game, setting.variant, setting.players, max_actions)
    return AsobiAEC(setting, encoding, seed, render_mode, reward, on_illegal, max_cycles, lang)


def parallel_env(
    game: str | Game,
    variant: str | Variant | None = None,
    players: int | None = None,
    seed: int | str | None = None,
    render_mode: str | None = None,
    *,
    reward: str = "points",
    on_illegal: str = "random",
    max_cycles: int | None = None,
    max_actions: int | None = None,
    lang: str = "en",
    registry: Registry | None = None,
) -> AsobiParallel:
    """A PettingZoo ``ParallelEnv`` of ``game``: each step plays one decision, every seat
    that acts in it at once (Sakura's picks, Goofspiel's bids). The arguments are those of
    :func:`aec_env`."""
    _needs_rl()
    from asobi.envs.encoding import Encoding
    from asobi.envs.parallel import AsobiParallel
    from asobi.envs.setting import resolve

    setting = resolve(game, variant, players, registry)
    encoding = Encoding.of(setting.game, setting.variant, setting.players, max_actions)
    return AsobiParallel(setting, encoding, seed, render_mode, reward, on_illegal, max_cycles,
                         lang)
