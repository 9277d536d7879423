"""A ball's record runs forward in time, even where a contact phase and other balls' events overlap (session 29).

The event loop runs a contact phase (``resolve/cluster.py``) to its end at once; an event of other balls that
falls within the phase's span comes after it, at its own earlier time. Such an event gathered the phase's
members, extrapolating their motion after the phase back to before it, into a second phase that began before the
first had ended: their segments then ran backward (a segment ending before it began), and the record overlapped
balls by micrometres. Scan shots: break 51043 (a jumped cue ball, 2.2 m/s at 58 degrees, into a rack with gaps)
and 9-foot table shot 1714. Now a member is gathered, joined or met by another ball only from the phase's end,
and one that another ball has come into by then meets it then.
"""

from __future__ import annotations

import itertools

import pytest
from phys_shots import FOUND_WITH, assert_nothing_sinks

from poolhall import Layout, Stroke, simulate
from poolhall.equipment import TableSpec

TABLE = TableSpec()
BREAK_51043 = (
    {0: (0.3443111293809017, 1.1006268904415035), 1: (2.1033198174666365, 0.57775), 2: (2.0041599087333184, 0.69225),
     3: (2.0537398630999775, 0.720875), 4: (2.0537398630999775, 0.606375), 5: (2.1033198174666365, 0.69225),
     6: (1.954579954366659, 0.663625), 7: (2.1033198174666365, 0.5205), 8: (2.0041599087333184, 0.635),
     9: (2.1033198174666365, 0.7495), 10: (2.1033198174666365, 0.635), 11: (2.0537398630999775, 0.549125),
     12: (2.0041599087333184, 0.57775), 13: (1.954579954366659, 0.606375), 14: (1.905, 0.635),
     15: (2.0537398630999775, 0.663625)},
    Stroke(2.228440619727775, -0.31783492669634844, theta=1.0192095884929842, a=0.288407959650198,
           b=0.15298381757325646),
)  # fmt: skip
TABLE_1714 = (
    {0: (1.427278426164128, 0.21943044644046622), 1: (2.1029734073051225, 0.7493), 2: (2.1029734073051225, 0.69215),
     3: (2.053480055478842, 0.606425), 4: (2.1029734073051225, 0.57785), 5: (2.1029734073051225, 0.5207),
     6: (2.053480055478842, 0.663575), 7: (2.0039867036525614, 0.635), 8: (2.1030317240748992, 0.635),
     9: (2.3749656853117744, 1.0776328138699522), 10: (2.053480055478842, 0.549275), 11: (1.905, 0.635),
     12: (2.0039867036525614, 0.57785), 13: (1.9544933518262806, 0.663575), 14: (2.0039867036525614, 0.69215),
     15: (2.053480055478842, 0.7207250000000001)},
    Stroke(7.201931736774312, 0.6065533934869507, theta=0.0, a=0.11439330614589274, b=0.43954183976818917),
)  # fmt: skip

#: Two loose ends of the first fix: a ball whose row began after a phase's start joined it mid-phase (7-foot
#: table shot 17162), and a ball sent into a member before the member's phase ended passed into it (break 1366).
SEVEN_17162 = (
    {0: (0.4778665110206753, 0.16458870224885336), 1: (1.634380055478842, 0.46672499999999995),
     2: (1.6838734073051227, 0.43815), 3: (1.5848867036525613, 0.55245), 4: (1.6838734073051227, 0.6095999999999999),
     5: (1.634380055478842, 0.40957499999999997), 6: (1.5848867036525613, 0.43815),
     7: (1.6838734073051227, 0.55245), 8: (1.5848867036525613, 0.49529999999999996),
     9: (1.5353933518262806, 0.523875), 10: (1.634380055478842, 0.523875),
     11: (1.6838734073051227, 0.38099999999999995), 12: (1.5353933518262806, 0.46672499999999995),
     13: (1.634380055478842, 0.5810249999999999), 14: (1.4859, 0.49529999999999996),
     15: (1.6839212131922843, 0.49529999999999996)},
    Stroke(3.6017493814544297, 0.27078292200616844, theta=0.675476704105599, a=-0.40302037867007984,
           b=-0.14790768312396677),
)  # fmt: skip
BREAK_1366 = (
    {0: (0.19861910630930843, 0.37365788872489897), 1: (1.9545020120803185, 0.60642),
     2: (2.0535060362409556, 0.6635800000000001), 3: (2.0535060362409556, 0.72074), 4: (1.905, 0.635),
     5: (2.0535060362409556, 0.54926), 6: (2.004004024160637, 0.57784), 7: (2.103008048321274, 0.52068),
     8: (2.004004024160637, 0.635), 9: (2.004004024160637, 0.69216), 10: (2.103008048321274, 0.635),
     11: (2.103008048321274, 0.69216), 12: (1.9545020120803185, 0.6635800000000001),
     13: (2.0535060362409556, 0.60642), 14: (2.103008048321274, 0.74932), 15: (2.103008048321274, 0.57784)},
    Stroke(4.923003689868986, 0.10584239376871217, theta=1.162775783674116, a=0.16992413938507211,
           b=0.15953044725077548),
)  # fmt: skip


@pytest.mark.parametrize(
    ("shot", "table"),
    [(BREAK_51043, TABLE), (TABLE_1714, TABLE), (SEVEN_17162, TableSpec.named("7-foot")), (BREAK_1366, TABLE)],
    ids=["break-51043", "table-1714", "seven-17162", "break-1366"],
)
def test_every_balls_record_runs_forward(shot: tuple[dict[int, tuple[float, float]], Stroke], table: TableSpec) -> None:
    positions, stroke = shot
    result = simulate(Layout.from_positions(positions, table), stroke, params=FOUND_WITH)
    phases = sum(seg.motion == "contact" for segments in result.segments.values() for seg in segments)
    assert phases >= 4  # contact phases, the case the fix is for
    for ball, segments in result.segments.items():
        assert all(seg.t0 <= seg.t1 for seg in segments), ball
        assert all(a.t1 == b.t0 for a, b in itertools.pairwise(segments)), ball
    assert_nothing_sinks(result, table)
