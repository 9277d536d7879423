"""``make test`` runs the property tests on the same examples every time; ``make fuzz`` looks for new ones.

Why (``tests/conftest.py``): CI must pass or fail by the code, not by hypothesis's draw.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]


def drawn(profile: str) -> list[tuple[float, int]]:
    """The examples a small property test draws under ``profile``."""
    seen: list[tuple[float, int]] = []

    @settings(settings.get_profile(profile), max_examples=8)
    @given(st.floats(0.0, 10.0), st.integers(0, 10_000))
    def record(speed: float, seed: int) -> None:
        seen.append((speed, seed))

    record()
    return seen


def test_the_repeatable_profile_draws_the_same_examples_every_run() -> None:
    first = drawn("repeatable")
    assert len(first) == 8 and len(set(first)) > 1
    assert drawn("repeatable") == first


def make(*args: str) -> str:
    done = subprocess.run(
        ["make", "--no-print-directory", "-n", "-C", str(ROOT), *args], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_make_test_uses_the_repeatable_profile_and_make_fuzz_does_not() -> None:
    runs = [line for line in make("test", f"CHROMIUM={sys.executable}").splitlines() if "bin/pytest" in line]
    assert runs and all("--hypothesis-profile=repeatable" in line for line in runs)
    fuzz = make("fuzz", "ROUNDS=3")
    assert "seq 3" in fuzz and '-m "hypothesis and not browser"' in fuzz and "--hypothesis-profile" not in fuzz


@pytest.mark.slow  # a collection of the whole suite: 5 s
def test_the_fuzz_selection_holds_the_physics_and_referee_property_tests() -> None:
    selection = ["-m", "hypothesis and not browser"]
    command = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *selection]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-2000:]
    assert "tests/physics/test_contacts.py::test_breaks_into_frozen_racks_leave_no_overlap" in done.stdout
    assert "tests/rules/test_eight_ball_properties.py::" in done.stdout
    assert "tests/physics/test_contacts.py::test_regression_" not in done.stdout  # plain tests stay out
