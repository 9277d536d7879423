"""Every command, given random bad arguments and bad files, answers with one line on stderr and exit status 2:
never a traceback, never a half-done run. Each case mixes valid arguments with at least one bad one."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from cli_run import run
from poolhall.cli import COMMANDS

Piece = Callable[[random.Random, dict[str, Path]], list[str]]


def _files(folder: Path) -> dict[str, Path]:
    """Files a newcomer might hand a command by mistake."""
    files = {
        "empty": folder / "empty.json",
        "binary": folder / "binary.json",
        "latin1": folder / "latin1.json",
        "list": folder / "list.json",
        "record_v9": folder / "v9.json",
        "layout_bad": folder / "layout.json",
        "a_file": folder / "plain.txt",
        "folder": folder / "folder",
        "missing": folder / "missing" / "x.json",
    }
    files["empty"].write_bytes(b"")
    files["binary"].write_bytes(bytes(random.Random(1).randrange(256) for _ in range(300)))
    files["latin1"].write_bytes('{"players": "Mañana"}'.encode("latin-1"))
    files["list"].write_text("[1, 2, 3]")
    files["record_v9"].write_text(json.dumps({"format": "poolhall-record", "version": 9}))
    files["layout_bad"].write_text(json.dumps({"balls": {"0": [0.5, 0.5], "99": [1, 1]}}))
    files["a_file"].write_text("not a folder")
    files["folder"].mkdir()
    return files


def _junk(rng: random.Random) -> str:
    return rng.choice(["", "-1", "0", "nan", "x", "1e999", "3.5", "🎱", "--", "a=b=c", ",", "=,="])


def _bad_file(rng: random.Random, f: dict[str, Path]) -> str:
    return str(f[rng.choice(["empty", "binary", "latin1", "list", "record_v9", "folder", "missing"])])


UNKNOWN: Piece = lambda rng, f: [rng.choice(["--frob", "--gmaes", "-z", "--json=maybe"])]  # noqa: E731

#: For each command: pieces that are each wrong on their own, and valid pieces to mix in.
BAD: dict[str, list[Piece]] = {
    "play": [
        UNKNOWN,
        lambda rng, f: ["--port", rng.choice(["-1", "70000", "x", "8e3"])],
        lambda rng, f: ["--db", str(f["missing"])],
        lambda rng, f: ["--db", str(f["folder"])],
    ],
    "serve": [
        UNKNOWN,
        lambda rng, f: ["--port", rng.choice(["-5", "65536", "port"])],
        lambda rng, f: ["--db", str(f["missing"])],
        lambda rng, f: ["--host", "no-such-host.invalid"],
    ],
    "simulate": [
        UNKNOWN,
        lambda rng, f: ["--games", rng.choice(["0", "-3", "x", "1.5", "nan"])],
        lambda rng, f: ["--jobs", rng.choice(["0", "-1", "two"])],
        lambda rng, f: ["--players", "simple", rng.choice(["nobody", "", "pro2", "🎱"])],
        lambda rng, f: ["--game", rng.choice(["snooker", "9-ball", "", "eight"])],
        lambda rng, f: ["--option", rng.choice(["calls", "colour=red", "calls=sometimes", "=1", "race_to=x"])],
        lambda rng, f: ["--out", str(f["a_file"])],
        lambda rng, f: ["--game", "14.1", "--race", "3"],
        lambda rng, f: ["--points", rng.choice(["0", "-1", "x"])],
        lambda rng, f: ["--address", "127.0.0.1:1"],
        lambda rng, f: ["--json", "--json-lines"],
    ],
    "referee": [UNKNOWN, lambda rng, f: ["--lang", rng.choice(["de", "", "EN", "x"])]],
    "replay": [
        UNKNOWN,
        lambda rng, f: [_bad_file(rng, f)],
        lambda rng, f: [_bad_file(rng, f), "--verify"],
        lambda rng, f: [_bad_file(rng, f), "--sheet"],
        lambda rng, f: [_bad_file(rng, f), "--shot", _junk(rng), "--png", _bad_file(rng, f)],
        lambda rng, f: [_bad_file(rng, f), "--lang", "xx"],
    ],
    "render": [
        UNKNOWN,
        lambda rng, f: ["--cue", rng.choice(["nan,0.6", "5,5", "0.5", "x,y", "inf,0", "0.5,0.6,0.7", ""])],
        lambda rng, f: ["--layout", rng.choice([_bad_file(rng, f), str(f["layout_bad"])])],
        lambda rng, f: ["--table", rng.choice(["10-foot", "", "snooker"])],
        lambda rng, f: ["--rack", "eight-ball", "-o", rng.choice([str(f["folder"]), "x.txt", str(f["missing"])])],
        lambda rng, f: [
            "--rack",
            "eight-ball",
            "--cue",
            "0.5,0.6",
            "--shot",
            rng.choice(
                [
                    "speed=0,phi=0",
                    "phi=0",
                    "speed=x,phi=0",
                    "speed=3",
                    "spin=1",
                    "speed=nan,phi=0",
                    "speed=3,phi=0,speed=4",
                    "speed=-1,phi=0",
                ]
            ),
        ],
        lambda rng, f: ["--shot", "speed=3,phi=0"],  # no cue ball
        lambda rng, f: ["--seed", _junk(rng) or "x"],
    ],
    "bench": [
        UNKNOWN,
        lambda rng, f: [rng.choice(["fly", "", "Physics", "all"])],
        lambda rng, f: ["physics", "--repeat", rng.choice(["0", "-2", "x"])],
        lambda rng, f: ["physics", "--games", "5"],
        lambda rng, f: ["web", "--games", rng.choice(["1", "5"])],
        lambda rng, f: ["ai", "--games", rng.choice(["0", "-1"])],
        lambda rng, f: ["ai", "--repeat", "3"],
    ],
}
#: Valid pieces that do no work alone (no command here starts anything without a bad piece present);
#: one whose option a bad piece of the case also gives is left out.
GOOD: dict[str, list[list[str]]] = {
    "play": [["--no-browser"], ["--port", "0"]],
    "serve": [["--port", "0"]],
    "simulate": [["--seed", "3"], ["--games", "2"], ["--players", "Simple", "simple"], ["--json"]],
    "referee": [["--lang", "pl"]],
    "replay": [["--lang", "pl"]],
    "render": [["--seed", "2"], ["--table", "7-foot"]],
    "bench": [["--json"]],
}
#: Commands whose first argument is positional: bad pieces that give it come first.
POSITIONAL = {"replay": 1, "bench": 1}


def test_every_command_is_fuzzed() -> None:
    assert set(BAD) == set(COMMANDS) == set(GOOD)


def _case(command: str, rng: random.Random, files: dict[str, Path]) -> list[str]:
    bad = [piece(rng, files) for piece in rng.sample(BAD[command], k=rng.randint(1, 2))]
    flags = {a for p in bad for a in p if a.startswith("-")}
    valid = [p for p in GOOD[command] if p[0] not in flags]  # a later valid value would override the bad one
    good = rng.sample(valid, k=rng.randint(0, len(valid)))
    if command in POSITIONAL:
        # the positional argument (a record, a kind) must come first: take one from a bad piece, or a valid one
        first = next((p for p in bad if p and not p[0].startswith("-")), None)
        lead = first[:1] if first else (["physics"] if command == "bench" else [str(files["list"])])
        if first:
            bad[bad.index(first)] = first[1:]
        pieces = [*bad, *good]
        rng.shuffle(pieces)
        return [command, *lead, *(a for p in pieces for a in p)]
    pieces = [*bad, *good]
    rng.shuffle(pieces)
    return [command, *(a for p in pieces for a in p)]


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("seed", range(20))
def test_bad_input_is_one_line_and_status_2(
    command: str, seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    rng = random.Random(f"{command}-{seed}")
    argv = _case(command, rng, _files(tmp_path))
    code, out, err = run(argv, capsys)
    assert code == 2, (argv, out, err)
    assert err.count("\n") == 1 and err.endswith("\n") and "Traceback" not in err, (argv, err)
    assert err.startswith("poolhall"), (argv, err)
    assert not out, (argv, out)
    assert not (tmp_path / "records").exists() and not list(tmp_path.glob("*.png"))  # nothing half done
