"""``parallel.interrupts_held``: a Ctrl-C inside waits for the block, so a record is written and counted
together (``poolhall simulate`` once left a ``.partial`` file, or a record its closing line did not count,
when the Ctrl-C fell between the two: ``tests/test_interrupt.py`` caught it one run in about twenty)."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator

import pytest

from poolhall.parallel import interrupts_held


@pytest.fixture
def ctrl_c_interrupts() -> Iterator[None]:
    """Python's own Ctrl-C handler for the test: a suite started as a background job of a shell without job
    control inherits SIGINT ignored, and then the block rightly hands the Ctrl-C on to being ignored."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


@pytest.mark.usefixtures("ctrl_c_interrupts")
def test_a_ctrl_c_inside_waits_for_the_block_and_then_interrupts() -> None:
    lines = []
    with pytest.raises(KeyboardInterrupt), interrupts_held():
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)  # time for a signal that was not held to land
        lines.append("after the Ctrl-C, still inside")
    assert lines == ["after the Ctrl-C, still inside"]


def test_the_handler_is_what_it_was_after_the_block() -> None:
    before = signal.getsignal(signal.SIGINT)
    with interrupts_held():
        assert signal.getsignal(signal.SIGINT) is not before
    assert signal.getsignal(signal.SIGINT) is before
