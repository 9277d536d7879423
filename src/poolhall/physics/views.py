"""Borrowed array views: the event loop's arrays without reference counting.

numba counts the references to every array it passes to a function or
takes a view of, with an atomic increment and decrement of the array's
``meminfo`` (the owner's reference count); its pruning pass removes only the
pairs it can match within simple control flow. In the event loop those
atomic operations cost as much as the physics (about 45 % of a cut shot's
kernel time, measured with ``perf``: samples on the ``lock incq``/``lock decq``
of ``NRT_incref``/``NRT_decref``). A borrowed view has the same data, shape
and strides but no ``meminfo``, and counting a reference of nothing is a
null test. It must not outlive the array it borrows from: ``run_in`` borrows
only from its arguments (their owner is the caller) and from arrays it keeps
in variables of its own until it returns, and never returns a borrowed view.
In Python (``NUMBA_DISABLE_JIT=1``) ``borrowed`` is the array itself.
"""

from __future__ import annotations

from typing import Any

from numba import types
from numba.core.extending import intrinsic, overload
from numba.np.arrayobj import make_array, populate_array


def borrowed(arr: Any) -> Any:
    """A view of the array ``arr`` without an owner (the module docstring says when); ``arr`` itself in Python."""
    return arr


@intrinsic
def _borrowed(typingctx: Any, arr: Any) -> Any:
    if not isinstance(arr, types.Array):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        src = make_array(arr)(context, builder, value=args[0])
        view = make_array(arr)(context, builder)
        populate_array(view, data=src.data, shape=src.shape, strides=src.strides, itemsize=src.itemsize, meminfo=None)
        return view._getvalue()

    return arr(arr), codegen


@overload(borrowed, jit_options={"cache": True})
def _borrowed_overload(arr):  # type: ignore[no-untyped-def]  # (numba matches the implementation's signature)
    if isinstance(arr, types.Array):
        return lambda arr: _borrowed(arr)
    return None
