"""``poolhall replay``: wholly Polish with ``--lang pl``, a readable result line, ``--verify`` naming the shot
a changed stroke changes, options that do not go together refused, the 14.1 score sheet as text, PNG, PDF."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from cli_run import run
from poolhall import cli
from poolhall.commands.replay_text import describe
from poolhall.game.record import load


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("records")
    for game, extra in (("eight-ball", []), ("straight-pool", ["--points", "12"])):
        assert cli.main(["simulate", "--game", game, *extra, "--jobs", "1", "--seed", "4",
                         "--out", str(folder / game), "--json"]) == 0  # fmt: skip
    return {game: folder / game / "match-0001.json" for game in ("eight-ball", "straight-pool")}


def test_polish_listing_has_no_english_words_of_its_own(records: dict[str, Path], capsys) -> None:
    code, out, _ = run(["replay", str(records["eight-ball"]), "--lang", "pl"], capsys)
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("ósemka (symulacja), ziarno ")
    for english in ("calls", "hits", "pockets", "nothing", "safety", "no call", "winner", "shots", " won"):
        assert english not in out
    assert "trafia" in lines[2] and "wbija" in lines[2]
    assert lines[-1].startswith("wygrywa ") and "wygrane partie A" in lines[-1]


def test_the_result_line_reads_as_words(records: dict[str, Path], capsys) -> None:
    data = json.loads(records["straight-pool"].read_text())
    result = data["result"]
    _, out, _ = run(["replay", str(records["straight-pool"])], capsys)
    seat = result["winner"]
    assert out.splitlines()[-1] == (f"{seat} (simple) won: points A {result['score']['A']}, B {result['score']['B']}; "
                                    f"{result['shots']} shots")  # fmt: skip
    assert "{" not in out.splitlines()[-1]


def test_verify_names_the_shot_whose_stroke_was_changed(records: dict[str, Path], tmp_path: Path, capsys) -> None:
    data = json.loads(records["eight-ball"].read_text())
    shoots = [i for i, a in enumerate(data["actions"]) if a["action"]["type"] == "shoot"]
    data["actions"][shoots[2]]["action"]["stroke"]["phi"] += 0.3  # the third shot aims elsewhere
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(data))
    code, out, _ = run(["replay", str(changed), "--verify"], capsys)
    assert code == 1 and out.startswith("shot 3 differs from the record")


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--verify", "--shot", "1", "--png", "x.png"], "--png and --verify: give one of them at a time"),
        (["--verify", "--sheet"], "--verify and --sheet: give one of them"),
        (["--shot", "1"], "--shot N and --png FILE go together"),
        (["--shot", "1", "--png", "/no/such/folder/x.png"], "folder /no/such/folder does not exist"),
        (["--shot", "1", "--png", "{tmp}"], "expected a file ending in .png"),
        (["--shot", "1", "--png", "{tmp}/shot.jpg"], "expected a file ending in .png"),
        (["--sheet"], "a score sheet is kept in 14.1 straight pool; this record is eight-ball"),
    ],
)
def test_refused_in_one_line(extra: list[str], words: str, records: dict[str, Path], tmp_path: Path, capsys) -> None:
    argv = ["replay", str(records["eight-ball"]), *(a.replace("{tmp}", str(tmp_path)) for a in extra)]
    code, out, err = run(argv, capsys)
    assert code == 2 and words in err and err.count("\n") == 1 and not out


def test_png_onto_a_folder_named_like_a_png(records: dict[str, Path], tmp_path: Path, capsys) -> None:
    (tmp_path / "shot.png").mkdir()
    code, _, err = run(["replay", str(records["eight-ball"]), "--shot", "1", "--png", str(tmp_path / "shot.png")],
                       capsys)  # fmt: skip
    assert code == 2 and "is a folder" in err


def test_a_record_that_is_not_utf8_is_one_line(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "latin.json"
    bad.write_bytes(b'{"format": "poolhall-record", "players": {"A": "Ma\xf1ana"}}')
    code, _, err = run(["replay", str(bad)], capsys)
    assert code == 2 and err == f"poolhall replay: {bad} is not a record: it is not UTF-8 text\n"


def test_the_score_sheet_as_text_adds_up(records: dict[str, Path], capsys) -> None:
    code, out, _ = run(["replay", str(records["straight-pool"]), "--sheet"], capsys)
    lines = out.splitlines()
    record = load(records["straight-pool"])
    score = record.data["result"]["score"]
    assert code == 0 and lines[0].startswith("14.1 continuous, game to 12")
    assert lines[1].split() == ["inning", "player", "rack", "balls", "fouls", "penalty", "A", "B"]
    rows = [line.split() for line in lines[3:-1]]
    assert [int(rows[-1][6]), int(rows[-1][7])] == [score["A"], score["B"]]
    for seat, column in (("A", 6), ("B", 7)):  # the running score is the balls less the penalties, inning by inning
        mine = [r for r in rows if r[1] == seat]
        assert sum(int(r[3]) + int(r[5]) for r in mine) == int(mine[-1][column])
    assert lines[-1].startswith(f"score A {score['A']}, B {score['B']}; high run")
    _, polish, _ = run(["replay", str(records["straight-pool"]), "--sheet", "--lang", "pl"], capsys)
    assert polish.splitlines()[0].startswith("14/1 ciągły, gra do 12") and "podejście" in polish


@pytest.mark.slow
@pytest.mark.parametrize("suffix", [".png", ".pdf"])
def test_the_score_sheet_drawn(suffix: str, records: dict[str, Path], tmp_path: Path, capsys) -> None:
    out = tmp_path / f"sheet{suffix}"
    code, stdout, _ = run(["replay", str(records["straight-pool"]), "--sheet", str(out)], capsys)
    assert code == 0 and stdout == f"wrote {out}\n"
    if suffix == ".pdf":
        assert out.read_bytes()[:5] == b"%PDF-"
    else:
        with Image.open(out) as image:
            width, height = image.size
        assert width > 800 and height > 300


@pytest.mark.parametrize(("lang", "words"), [("en", "pockets 5 in the foot-left, the cue ball in the side-right."),
                                             ("pl", "wbija 5 do łuzy ")])  # fmt: skip
def test_a_scratch_names_the_cue_ball_not_ball_0(lang: str, words: str) -> None:
    """A shot that pockets the cue ball lists it by name (the record's ball 0), as a player would say it."""
    entry = {"number": 9, "shooter": "B", "call": None,
             "facts": {"first_contact": [5], "pocketed": [{"ball": 5, "pocket": "foot-left"},
                                                          {"ball": 0, "pocket": "side-right"}]}}  # fmt: skip
    line = describe(entry, {"B": "club"}, "Foul by B.", lang)
    assert words in line and " 0 " not in line
    assert lang == "en" or "białą do łuzy" in line
