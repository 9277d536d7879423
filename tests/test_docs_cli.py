"""The command-line docs a newcomer follows are true: the README's replay example names the file
``simulate`` writes, its quick test command leaves the slow tests out, docs/rules.md's session file
exists and gives the rulings shown, and the docs no longer promise what is already built."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from poolhall.rules.model import Options
from poolhall.tournament import GameJob

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = ROOT / "docs"

#: Tests of a second or many more (durations on the shared 2-core machine): the quick run leaves them out.
HEAVY = (
    "tests/test_bench.py::test_bench_physics_json_shape",
    "tests/test_bench.py::test_bench_batch_json_shape",
    "tests/ai/test_bench_ai.py::test_the_break_figures_count_pros_own_break",
    "tests/test_interrupt.py::test_ctrl_c_drops_the_matches_under_way_at_once",
    "tests/web/test_load.py::test_fifty_matches_at_once_end_with_no_error_and_no_lost_action",
    "tests/web/test_browser.py::test_a_game_against_the_computer",
    "tests/physics/test_roots.py::test_random_quartics_match_mpmath",
    "tests/ai/test_player.py::test_seeded_play_is_reproducible",
    "tests/ai/test_bench_ai.py::test_the_report_has_the_issue_shape_and_counts_a_real_game",
)


def test_the_replay_example_names_the_first_record_simulate_writes() -> None:
    (simulate_out,) = re.findall(r"`poolhall simulate [^`]*--out (\S+?)/?`", README)
    (replayed,) = re.findall(r"`poolhall replay (\S+)", README)
    first = GameJob("eight-ball", ("simple", "simple"), Options(), 0, 0).record_name
    assert replayed == f"{simulate_out}/{first}"


def test_the_readme_says_how_to_reach_the_command() -> None:
    assert ".venv/bin/poolhall" in README and "source .venv/bin/activate" in README


def test_the_quick_test_command_leaves_out_the_slow_and_browser_tests(request: pytest.FixtureRequest) -> None:
    (command,) = re.findall(r"\n(\.venv/bin/pytest -q -m \"not slow and not browser\")\n", README)
    assert "under a minute" in README.split(command)[0][-300:]
    items = {item.nodeid: item for item in request.session.items}
    heavy = [items[nodeid] for nodeid in HEAVY if nodeid in items]
    if not heavy:
        pytest.skip("run with the whole suite: the heavy tests are not collected in this session")
    unmarked = [item.nodeid for item in heavy if item.get_closest_marker("slow") is None]
    assert not unmarked


def _referee(*args: str) -> str:
    with (DOCS / "examples" / "session.jsonl").open(encoding="utf-8") as session:
        done = subprocess.run([sys.executable, "-m", "poolhall.cli", "referee", *args], cwd=ROOT,
                              stdin=session, capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.slow
def test_the_session_file_gives_the_rulings_the_rules_doc_shows() -> None:
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    block = text.split("$ poolhall referee < docs/examples/session.jsonl\n", 1)[1].split("\n$ ", 1)[0]
    assert _referee().splitlines() == block.splitlines()
    polish = _referee("--lang", "pl")
    reasons = re.findall(r'^\.\.\. ("reason": "[^"]*") \.\.\.$', text, flags=re.MULTILINE)
    assert len(reasons) == 2 and all(reason in polish for reason in reasons)


def test_the_docs_do_not_call_built_things_later() -> None:
    architecture = (DOCS / "architecture.md").read_text(encoding="utf-8")
    assert "`web` later" not in architecture and "is interim" not in architecture
    assert "`physics`, `ai`, `web`, `env`" in architecture


def test_the_thousand_match_examples_say_how_long_they_take() -> None:
    programmers = (DOCS / "programmers.md").read_text(encoding="utf-8")
    before = programmers.split("--games 1000", 1)[0]
    assert "hour" in before.rsplit("```", 1)[0][-600:] and "--games 10" in before
