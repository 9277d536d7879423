"""``views.borrowed``: a view without an owner sees and changes the very data it borrows from.

The event loop's results through borrowed views are checked bit for bit against
pinned hashes and ``simulate`` (test_properties.py, test_batch.py); here the view itself.
"""

from __future__ import annotations

import numpy as np
from numba import njit

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
