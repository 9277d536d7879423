"""The four levels: each is its own execution noise plus a search budget, never any knowledge of the future.

``noise`` is what the match applies to the level's strokes (``game/execution.py``)
and what its search samples; the budget is how many shots it looks at, how
many noisy samples it simulates per stroke in the first and second stage, how
it judges position (``evaluate.Position``), and whether it plays safeties.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from poolhall.ai.evaluate import Position
from poolhall.ai.noise import LEVELS, NoiseModel


@dataclass(frozen=True)
class Level:
    name: str
    noise: NoiseModel
    #: Geometric shots simulated (best estimates first), and stroke variants tried per shot.
    shots: int
    arrivals: tuple[float, ...]
    spins: tuple[float, ...]
    #: Noisy samples per stroke in the first pass, strokes kept for the second, samples there.
    samples: int
    finalists: int
    final_samples: int
    position: Position
    #: Plays deliberate safeties (else it only hits the nearest ball when it sees no pot).
    safeties: bool
    safety_samples: int
    #: Below this pot rate a pot is compared with the best safety.
    safety_threshold: float
    #: The finalists are aimed at the middle of their simulated potting window (``ai/window.py``).
    centre_aim: bool = False
    #: Position strokes for the best ``wide_shots`` shots: finer arrival speeds and side offsets, all
    #: played once without noise and pruned to ``prune_to`` before the noisy passes (``search.prune``).
    wide_shots: int = 0
    wide_arrivals: tuple[float, ...] = ()
    sides: tuple[float, ...] = (0.0,)
    prune_to: int = 0
    #: Safety strokes kept from the wide set played once without noise (``ai/safety.py``); 0: the narrow set.
    #: Out of the repr: ``breaks.plan_break`` keys (and seeds) its plan search by the level's repr, and a
    #: safety budget has nothing to do with the break, so adding it must not move the plan.
    safety_prune: int = field(default=0, repr=False)


LEVEL_BY_NAME: dict[str, Level] = {
    "beginner": Level("beginner", LEVELS["beginner"], 3, (0.8,), (0.0,), 4, 1, 4, "none", False, 3, 0.0),
    "club": Level("club", LEVELS["club"], 5, (0.4, 1.2), (-0.3, 0.0, 0.3), 5, 3, 10, "quick", True, 4, 0.4),
    "strong": Level(
        "strong", LEVELS["strong"], 6, (0.3, 0.8, 1.6), (-0.35, 0.0, 0.35), 6, 4, 16, "quick", True, 6, 0.5
    ),
    "pro": Level(
        "pro",
        LEVELS["pro"],
        7,
        (0.3, 0.8, 1.6),
        (-0.35, 0.0, 0.35),
        8,
        4,
        24,
        "lookahead",
        True,
        6,
        0.55,
        True,
        3,
        (0.3, 0.55, 0.8, 1.2, 1.6, 2.2),
        (-0.3, 0.0, 0.3),
        36,
        30,
    ),
}
