"""Which cushion model resolves a ball's impact on a nose, a jaw's facing or a jaw's point.

The event loop (``simulate.py``) and the contact phase (``cluster.py``) meet cushions the same way, so a
ball rebounds alike whether it reaches the rubber on its own or while the balls around it are still
pressed together: Mathavan 2010 for a ball on the cloth, its form without the table for one in the air
(``PhysicsParams.mathavan_in_air``), else Han 2005; then the push that parts a pressing contact
(``contact.part_cushion``).
"""

from __future__ import annotations

import numpy as np

from poolhall.physics.resolve.contact import part_cushion
from poolhall.physics.resolve.han_2005 import resolve_cushion
from poolhall.physics.resolve.mathavan_2010 import resolve_cushion_mathavan, resolve_cushion_mathavan_in_air
from poolhall.physics.state import BVZ, BZ, CUSHION, CUSHION_MATHAVAN, IN_AIR_MATHAVAN, kernel


@kernel
def rebound(b: np.ndarray, nx: float, ny: float, sin_a: float, p: np.ndarray) -> None:
    """Ball state ``b`` off the cushion whose normal (nx, ny) points from the ball into it, in place.

    ``sin_a`` is where the nose touches the ball (``han_2005.contact_sin``), above -1: a ball whose
    bottom clears the nose is followed over the rail instead (``rail.py``).
    """
    if p[CUSHION] == CUSHION_MATHAVAN and b[BZ] == 0.0 and b[BVZ] == 0.0:  # a ball on the cloth
        resolve_cushion_mathavan(b, nx, ny, p)
    elif p[CUSHION] == CUSHION_MATHAVAN and p[IN_AIR_MATHAVAN] > 0.0:  # in the air, less the table
        resolve_cushion_mathavan_in_air(b, nx, ny, sin_a, p)
    else:
        resolve_cushion(b, nx, ny, sin_a, p)
    part_cushion(b, nx, ny, p)
