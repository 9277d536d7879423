"""Cluster tables (``bench/clusters.py``): clusters found, tied ones told apart, and the seeded tables hold one."""

from __future__ import annotations

from poolhall.ai.context import context_of
from poolhall.ai.noise import LEVELS
from poolhall.bench import clusters
from poolhall.game import Match
from poolhall.layout import Layout

R = 0.028575
#: Centre distance of two balls 0.1 mm apart (touching, as a rack's balls are).
TOUCH = 2 * R + clusters.TOUCH_GAP
C = (1.9, 0.7)


def _ctx(positions):  # type: ignore[no-untyped-def]
    match = Match.from_position("eight-ball", Layout.from_positions(positions), shooter="A",
                                groups={"A": "solids", "B": "stripes"})  # fmt: skip
    return context_of(match.view(), LEVELS["pro"])


def test_clusters_are_touching_or_nearly_touching_groups() -> None:
    far = 2 * R + 0.02
    ctx = _ctx({0: (0.3, 0.3), 1: (1.0, 0.6), 9: (1.0 + TOUCH, 0.6), 2: (1.6, 0.6), 10: (1.6 + 2 * R + 0.005, 0.6),
                3: (2.0, 0.3), 11: (2.0 + far, 0.3), 8: (0.4, 1.0)})  # fmt: skip
    assert clusters.clusters(ctx.layout) == [[1, 9], [2, 10]]


def test_a_walled_in_ball_ties_its_cluster_and_a_free_pair_does_not() -> None:
    """The 1 walled in by four stripes has no way into a pocket; the 2 and 13 touch near the
    side pocket, where the 2 has fair pots from many spots (and the 13 is not pro's)."""
    walled = {0: (0.9, 0.45), 1: C, 9: (C[0] + TOUCH, C[1]), 10: (C[0] - TOUCH, C[1]), 11: (C[0], C[1] + TOUCH),
              12: (C[0], C[1] - TOUCH), 2: (1.27, 0.2), 13: (1.27 + TOUCH, 0.2), 8: (0.5, 1.0)}  # fmt: skip
    ctx = _ctx(walled)
    assert clusters.clusters(ctx.layout) == [[1, 9, 10, 11, 12], [2, 13]]
    assert 1 in clusters.in_trouble(ctx)
    assert sorted(clusters.tied(ctx)) == [1, 9, 10, 11, 12]


def test_a_cluster_table_holds_a_tied_cluster_with_pro_in_hand() -> None:
    match = clusters.cluster_table(3)
    assert match.view().asked.kind == "place"
    assert clusters.tied(context_of(match.view(), LEVELS["pro"]))
