"""``poolhall simulate --backend ray``: the same matches on a local Ray cluster (two CPUs) as on local processes.

Ray starts once for the module (it takes seconds); the command reuses the Ray
this process has initialised, as ``poolhall.tournament`` documents.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import ray

from interrupting import interrupt_simulate
from poolhall import cli


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def simulate(out: Path, capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    code = cli.main(["simulate", "--seed", "5", "--out", str(out), "--json", *args])
    assert code == 0
    return json.loads(capsys.readouterr().out)


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.slow  # starts a local Ray: ten seconds or more
@pytest.mark.parametrize(
    "game", [("--game", "eight-ball", "--games", "4"), ("--game", "straight-pool", "--points", "8", "--games", "2")]
)
def test_ray_writes_the_same_records_as_local_processes(
    local_ray: None, tmp_path: Path, capsys: pytest.CaptureFixture[str], game: tuple[str, ...]
) -> None:
    local = simulate(tmp_path / "process", capsys, *game, "--backend", "process")
    spread = simulate(tmp_path / "ray", capsys, *game, "--backend", "ray")
    assert local["matches"] == int(game[-1]) and local["shots"] > 0
    on_processes, on_ray = files(tmp_path / "process"), files(tmp_path / "ray")
    assert len(on_ray) == int(game[-1])
    assert on_ray == on_processes
    for summary in (local, spread):
        summary.pop("records")  # the two runs' folders
        for error in summary["errors"]:
            error["record"] = Path(error["record"]).name
    assert spread == local


def test_address_needs_the_ray_backend(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--address", "auto", "--out", str(tmp_path)]) == 2
    assert "--address needs --backend ray" in capsys.readouterr().err


def test_an_unreachable_cluster_is_reported_in_seconds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Ray retries a dead address for minutes; the command probes it first and says so in one line."""
    with socket.socket() as probe:  # a port that nothing listens on
        probe.bind(("127.0.0.1", 0))
        dead = f"127.0.0.1:{probe.getsockname()[1]}"
    started = time.monotonic()
    code = cli.main(["simulate", "--backend", "ray", "--address", dead, "--out", str(tmp_path)])
    assert code == 2
    assert time.monotonic() - started < 10
    assert f"cannot reach Ray at {dead}" in capsys.readouterr().err


@pytest.mark.slow  # starts a local Ray in a real process and interrupts it
def test_ctrl_c_stops_the_ray_backend_and_keeps_the_finished_records(tmp_path: Path) -> None:
    """Two presses: the first stops the run, the second (while Ray shuts down) must neither hang nor break in."""
    interrupt_simulate(tmp_path, ["--backend", "ray"], 2)  # Ray's logger may add a line after ours
