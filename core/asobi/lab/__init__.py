"""``asobi lab``: what a variant does to a game, measured with AI players and intervals.

Every variant of a run is played on the same seeds (duplicate deals where the game pins its
deal, seats rotated), on the shared runner (:mod:`asobi.play.runner`: local processes or Ray).
The report gives the general figures (points, duration, seats, Ludii's balance,
decisiveness, drawishness and lead changes), the game's own (``asobi_lab_measures``), each
player's results and, for restricted levels (``ai:normal/no-koikoi``), what the choice they
lack is worth; each with a 95% interval, and each variant's difference from the reference
variant with its own. See docs/lab.md.
"""

from __future__ import annotations

from asobi.lab.command import add_lab_command, cmd_lab
from asobi.lab.plan import LabPlan, plan_lab
from asobi.lab.report import build_report, estimate_text, run_lab
from asobi.lab.stats import Estimate, contrast, ratio

__all__ = [
    "Estimate", "LabPlan", "add_lab_command", "build_report", "cmd_lab", "contrast",
    "estimate_text", "plan_lab", "ratio", "run_lab",
]
