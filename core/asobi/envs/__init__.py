"""Every installed asobi game as an environment of the game-AI ecosystem.

* :mod:`asobi.envs.asobi_v0`: PettingZoo environments (``pip install asobi[rl]``):
  ``asobi_v0.env("koikoi")``, ``asobi_v0.raw_env(...)``, ``asobi_v0.parallel_env(...)``, and
  ``asobi_v0.vector_env("koikoi", 16)``, many games stepped together (:mod:`asobi.envs.vector`);
* ``import asobi.envs.openspiel``: every installed game registered as an OpenSpiel game,
  ``pyspiel.load_game("python_asobi_koikoi(variant=koikoi-japan)")``
  (``pip install asobi[openspiel]``);
* :mod:`asobi.envs.levels`: OpenSpiel's search bots as AI levels of every game
  (``ai:openspiel-ismcts``, ``ai:openspiel-mcts``), offered where OpenSpiel is installed.

A game encodes itself through three optional hooks (:mod:`asobi.envs.hookspecs`); without them
it gets a generic encoding (:mod:`asobi.envs.encoding`). See ``docs/envs.md``.

Nothing numerical is imported until an environment is asked for: the game plugins import
:mod:`asobi.envs.hookspecs`-free code only, and this package loads without PettingZoo or
OpenSpiel installed.
"""
