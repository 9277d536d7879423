"""The 14.1 score sheet of a record, as text or drawn to a PNG or PDF (``poolhall replay --sheet``).

The rows are the app's (``game.scoresheet.sheet_rows``: one per inning, with
balls, fouls, penalty and the running score), so the command line and the
page show the same sheet; this module only lays them out, in English or Polish.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

#: File suffixes ``--sheet FILE`` draws to (matplotlib picks the format from the suffix).
DRAWN = (".png", ".pdf")

HEADS: Mapping[str, tuple[str, ...]] = {
    "en": ("inning", "player", "rack", "balls", "fouls", "penalty", "A", "B"),
    "pl": ("podejście", "gracz", "stojak", "bile", "faule", "kara", "A", "B"),
}
TITLE = {
    "en": "14.1 continuous, game to {target}: A = {a}, B = {b}",
    "pl": "14/1 ciągły, gra do {target}: A = {a}, B = {b}",
}
TOTAL = {
    "en": "score A {a}, B {b}; high run A {ra}, B {rb}",
    "pl": "wynik A {a}, B {b}; najwyższa seria A {ra}, B {rb}",
}


def table(rows: Sequence[Mapping[str, Any]]) -> list[list[str]]:
    return [[str(r["number"]), r["player"], str(r["rack"]), str(r["balls"]), str(r["fouls"]),
             f"-{r['penalty']}" if r["penalty"] else "0", str(r["score"]["A"]), str(r["score"]["B"])]
            for r in rows]  # fmt: skip


def lines(data: Mapping[str, Any], rows: Sequence[Mapping[str, Any]], lang: str) -> tuple[str, str]:
    """The sheet's title and its closing line."""
    names = data["players"]
    title = TITLE[lang].format(target=data["options"]["points_to_win"], a=names.get("A"), b=names.get("B"))
    runs = {seat: max((r["balls"] for r in rows if r["player"] == seat), default=0) for seat in ("A", "B")}
    score = data["result"]["score"]
    return title, TOTAL[lang].format(a=score["A"], b=score["B"], ra=runs["A"], rb=runs["B"])


def to_text(data: Mapping[str, Any], rows: Sequence[Mapping[str, Any]], lang: str) -> str:
    cells = [list(HEADS[lang]), *table(rows)]
    widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
    title, total = lines(data, rows, lang)
    out = [title]
    for n, row in enumerate(cells):
        out.append("  ".join(cell.rjust(width) for cell, width in zip(row, widths, strict=True)))
        if n == 0:
            out.append("-" * len(out[-1]))
    return "\n".join([*out, total])


def draw(data: Mapping[str, Any], rows: Sequence[Mapping[str, Any]], lang: str, path: Path) -> None:
    """The sheet as a table on a page (one A4-wide figure, as tall as the innings need)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    title, total = lines(data, rows, lang)
    figure = Figure(figsize=(8.27, 0.8 + 0.21 * (len(rows) + 1)))
    FigureCanvasAgg(figure)
    ax = figure.add_subplot()
    ax.axis("off")
    ax.set_title(title, fontsize=11)
    grid = ax.table(cellText=table(rows) or [[""] * 8], colLabels=HEADS[lang], loc="upper center", cellLoc="right")
    grid.auto_set_font_size(False)
    grid.set_fontsize(9)
    ax.text(0.5, 0.0, total, transform=ax.transAxes, ha="center", va="top", fontsize=10)
    figure.savefig(path, dpi=150, bbox_inches="tight")
