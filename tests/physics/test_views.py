"""``views.borrowed``: a view without an owner sees and changes the very data it borrows from.

The event loop's results through borrowed views are checked bit for bit against
pinned hashes and ``simulate`` (test_properties.py, test_batch.py); here the view itself.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from poolhall import simulate
from poolhall.bench.shots import break_shot
from poolhall.physics.views import borrowed


@njit(cache=False)
def _write_through(a: np.ndarray, rows: int) -> float:
    view = borrowed(a)
    for r in range(rows):
        view[r, 1] = 10.0 * r
    return view[rows - 1, 0] + view.shape[0] + view.shape[1]


def test_a_borrowed_view_reads_and_writes_the_array_it_borrows_from() -> None:
    a = np.arange(12.0).reshape(4, 3)
    assert _write_through(a, 4) == 9.0 + 4 + 3
    assert a[:, 1].tolist() == [0.0, 10.0, 20.0, 30.0]
    assert a[:, 0].tolist() == [0.0, 3.0, 6.0, 9.0]


def test_in_python_borrowed_is_the_array_itself() -> None:
    a = np.zeros(3)
    assert borrowed(a) is a


def test_a_long_shots_record_stays_intact_while_later_shots_allocate() -> None:
    """The outputs that grow during a long shot (a break: several doublings) are the caller's to keep.

    Borrowing them too once let a kept break's segment ints be overwritten by later allocations
    (``simulate.run_in`` says why they stay owned); about one process in three showed it here.
    """
    shot = break_shot()
    layout = shot.layout()
    kept = []
    for k in range(60):
        kept.append(simulate(layout, shot.stroke).kernel_arrays)
        _ = [np.full((500 + k, 17), 7.0) for _ in range(50)]  # reuse freed memory, if any was freed
    first = kept[0]
    assert first[2].shape[0] > 256  # the segments outgrew their first two sizes
    for arrays in kept[1:]:
        for got, want in zip(arrays[:6], first[:6], strict=True):
            assert got.tobytes() == want.tobytes()
