"""``simulate_many``: every shot bit for bit ``simulate``'s, on all cores or one, with ``simulate``'s input checks."""

from __future__ import annotations

import math
import random

import numba
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from phys_shots import TABLE, break_layout
from test_properties import layouts, strokes

from poolhall import Layout, Stroke, simulate, simulate_many
from poolhall.equipment import TableSpec
from poolhall.physics.batch import outcome_of


def _break() -> tuple[Layout, Stroke]:
    layout, phi = break_layout()
    return layout, Stroke(speed=7.0, phi=phi)


def _noisy(base: Stroke, n: int, seed: int, aim: float = 0.3) -> list[Stroke]:
    """``n`` strokes around ``base``, the direction spread by ``aim`` radians (one standard deviation)."""
    rng = random.Random(seed)
    return [
        Stroke(speed=min(max(base.speed + rng.gauss(0, 0.8), 0.05), 8.0), phi=base.phi + rng.gauss(0, aim),
               theta=abs(rng.gauss(0, 0.2)), a=rng.uniform(-0.3, 0.3), b=rng.uniform(-0.3, 0.3))
        for _ in range(n)
    ]  # fmt: skip


def test_the_break_batch_is_simulate_shot_by_shot() -> None:
    layout, base = _break()
    strokes_ = _noisy(base, 40, 1, aim=0.01)
    batch = simulate_many(layout, strokes_)
    for k, stroke in enumerate(strokes_):
        result = simulate(layout, stroke)
        assert batch.same_shot(k, outcome_of(result), 0)
        assert batch.final(k) == result.final
        assert batch.n_events[k] == len(result.events)
    assert batch.n_drops.sum() > 0 and batch.n_rails.max() > 16  # the rerun with room for every rail contact


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(layouts(), strokes), min_size=1, max_size=12))
def test_n_layouts_and_n_strokes_give_simulates_outcomes(shots: list[tuple[Layout, Stroke]]) -> None:
    batch = simulate_many([lay for lay, _ in shots], [s for _, s in shots])
    assert len(batch) == len(shots)
    for k, (layout, stroke) in enumerate(shots):
        result = simulate(layout, stroke)
        assert batch.same_shot(k, outcome_of(result), 0)
        assert batch.final(k) == result.final and batch.initial(k) is layout


def test_full_record_is_simulates_results() -> None:
    layout, base = _break()
    strokes_ = _noisy(base, 5, 2)
    for got, stroke in zip(simulate_many(layout, strokes_, record="full"), strokes_, strict=True):
        want = simulate(layout, stroke)
        assert got.to_dict() == want.to_dict()


def test_one_thread_and_all_threads_agree() -> None:
    layout, base = _break()
    strokes_ = _noisy(base, 30, 3)
    many = simulate_many(layout, strokes_)
    before = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        one = simulate_many(layout, strokes_)
    finally:
        numba.set_num_threads(before)
    assert all(many.same_shot(k, one, k) for k in range(len(strokes_)))
    assert not many.same_shot(0, one, 1)  # the comparison can fail


def test_outcome_of_a_result_from_json_equals_the_kernels() -> None:
    """A result read back from JSON (no kernel arrays) gives the same outcome row."""
    from poolhall.physics import ShotResult

    layout, base = _break()
    for stroke in _noisy(base, 8, 4):
        result = simulate(layout, stroke)
        back = ShotResult.from_dict(result.to_dict())
        assert back.kernel_arrays is None
        assert outcome_of(result).same_shot(0, outcome_of(back), 0)


def test_empty_batch() -> None:
    out = simulate_many(_break()[0], [])
    assert len(out) == 0 and out.first_contact.shape == (0, 15)


@pytest.mark.parametrize(
    ("layouts_", "strokes_", "kwargs", "message"),
    [
        ("one", [Stroke(1.0, 0.0), "no"], {}, "strokes[1]: expected a Stroke"),
        ("one", Stroke(1.0, 0.0), {}, "strokes: expected a sequence"),
        ("two", [Stroke(1.0, 0.0)], {}, "layouts: expected one Layout or a sequence of 1"),
        ("one", [Stroke(1.0, 0.0)], {"record": "events"}, "record: expected 'outcome' or 'full'"),
        ("one", [Stroke(1.0, 0.0)], {"table": TableSpec.seven_foot()}, "table: the layouts is on a"),
        ("no cue", [Stroke(1.0, 0.0), Stroke(1.0, 0.0)], {}, "layouts[1]: the cue ball (0) is not on the table"),
        ("one", [Stroke(1.0, 0.0)], {"params": "fast"}, "params: expected PhysicsParams"),
    ],
)
def test_bad_input_names_the_field(layouts_: str, strokes_: object, kwargs: dict, message: str) -> None:  # type: ignore[type-arg]
    layout = Layout.from_positions({0: (0.6, 0.6), 1: (1.9, 0.6)}, TABLE)
    no_cue = Layout.from_positions({1: (1.9, 0.6)}, TABLE)
    given_layouts = {"one": layout, "two": [layout, layout], "no cue": [layout, no_cue]}[layouts_]
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        simulate_many(given_layouts, strokes_, **kwargs)  # type: ignore[arg-type]


def test_a_miscue_at_index_k_is_named() -> None:
    from poolhall.equipment import PhysicsParams

    tight = PhysicsParams(miscue_limit=0.1)
    layout = _break()[0]
    with pytest.raises(ValueError, match=r"strokes\[2\]: tip offset beyond the miscue limit"):
        simulate_many(layout, [Stroke(1.0, 0.0), Stroke(1.0, 0.0), Stroke(1.0, 0.0, a=0.3)], params=tight)
    assert math.isfinite(simulate_many(layout, [Stroke(1.0, 0.0)], params=tight).duration[0])


_FORK_PROBE = """
import concurrent.futures as cf
import multiprocessing as mp
from poolhall import Layout, Stroke, simulate_many
layout = Layout.from_positions({0: (0.6, 0.6), 1: (1.9, 0.6)})
strokes = [Stroke(2.0, 0.01 * k) for k in range(50)]
def work(_):
    return int(simulate_many(layout, strokes).n_events.sum())
if __name__ == "__main__":
    first = work(0)
    with mp.get_context("fork").Pool(2) as pool:  # a computer player's pool, forked after a batch
        forked = pool.map(work, range(2))
    with cf.ThreadPoolExecutor(2) as threads:  # the app's thread-mode thinkers, two batches at once
        threaded = list(threads.map(work, range(4)))
    print(len(set([first, *forked, *threaded])))
"""


@pytest.mark.slow
def test_a_process_forks_and_threads_after_a_batch(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """GNU OpenMP would kill a forked child; two threads' batches at once would abort numba's workqueue."""
    import os
    import subprocess
    import sys

    script = tmp_path / "probe.py"
    script.write_text(_FORK_PROBE)
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_THREADING_LAYER"}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "1"  # every run gave the same events
