"""A ball frozen to a cushion or a jaw and struck through a contact phase stays on the table.

The contact phase of balls in touch (``resolve/cluster.py``) meets the cushion
only after the phase, so a ball frozen to a cushion ends it a fraction of a
millimetre into the rubber. Until session 5 the event loop then took that ball
for one on the far side of the piece: it rolled on through the rail and came to
rest metres away, "on the table", and the next shot was refused (a game of the
simple player against itself stopped about once in 1 250; a soak of the app
stopped one match in ten minutes). These four positions came from such games.
"""

from __future__ import annotations

import pytest
from phys_shots import assert_energy_never_rises

from poolhall import Layout, Stroke, simulate

CASES = {
    "ball frozen to the right cushion, hit in a group": (
        {0: (0.5393451244522154, 0.3544561171510098), 8: (1.2554378587672028, 0.04096115378092724),
         10: (0.583420345967756, 0.05633698596689315), 11: (0.2494722357123183, 0.46944497453269113),
         13: (0.6337200460540386, 0.02860311866376863), 14: (0.5031463807730119, 1.076567650917027),
         15: (1.6429502676228833, 0.2854720585277506)},
        Stroke(speed=3.354977983459018, phi=-0.44094519214344247),
    ),
    "ball frozen to the head cushion": (
        {0: (1.9662607982893272, 0.26856091674006366), 1: (0.08023271894976781, 0.932887443219543),
         5: (0.02857949180836307, 0.957677511052684), 8: (0.4035374934572247, 1.1550371801532877)},
        Stroke(speed=2.1491385576403412, phi=2.803228046564753),
    ),
    "ball in the foot-right jaws": (
        {0: (0.16713244685752793, 0.17901089081749483), 1: (2.425913271685972, 0.45638976989099145),
         2: (2.2847412039751545, 0.8641927937891786), 3: (0.10594113420876805, 0.8287511417260978),
         6: (0.039522095631057734, 0.9153504687499505), 7: (2.514466274040675, 0.06839049134470483),
         8: (2.1119869627930274, 0.26987591801938965), 9: (2.514684700423774, 0.006680385214129123),
         10: (2.4369537495123637, 0.9902323025148316), 14: (2.5054925579617273, 1.10703701715786)},
        Stroke(speed=3.8447201448999695, phi=-0.07071771752118121),
    ),
    "two balls in the head-left jaws": (
        {0: (1.0850758452771212, 1.0270717849409194), 1: (0.025968646816605382, 1.2008860345497196),
         8: (1.9065134762114646, 0.70914849870973), 9: (0.06722898349971768, 1.242002312691123)},
        Stroke(speed=2.2808900505827463, phi=2.977927447400279),
    ),
}  # fmt: skip


@pytest.mark.parametrize("name", CASES)
def test_a_ball_pushed_into_a_cushion_by_a_contact_phase_comes_back_off_it(name: str) -> None:
    positions, stroke = CASES[name]
    layout = Layout.from_positions(positions)
    assert layout.problems() == []
    result = simulate(layout, stroke)
    assert result.final.problems() == []  # every ball on the cloth, in a pocket or off the table: none past a rail
    assert not result.event_cap_hit
    assert_energy_never_rises(result)
    # the struck ball meets the cushion it was frozen to (a cushion event of its own after the phase)
    phase_end = next(e.time for e in result.events if e.kind == "ball-ball" and len(e.balls) == 2)
    pressed = {b for b, xy in positions.items() if b and result.final.position(b) != xy}
    assert any(e.kind in ("ball-cushion", "ball-pocket") and e.time >= phase_end and set(e.balls) & pressed
               for e in result.events)  # fmt: skip
