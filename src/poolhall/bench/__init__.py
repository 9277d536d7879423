"""Benchmarks behind ``poolhall bench KIND``: one module per kind (``physics``, ``ai``, ``web``, ``env``).

A kind module exposes ``HELP`` (one line), ``steps(repeat) -> int`` (for the
progress bar), ``measure(repeat, tick) -> dict`` (calls ``tick(label)`` once
per step and returns a JSON-ready report) and ``summary(report) -> str``.
"""

from __future__ import annotations

#: Every kind, with the line shown while its module is not built yet.
KINDS: dict[str, str] = {
    "physics": "shots per second of the simulator on fixed shots, cold and warm start, memory",
    "ai": "how well (win rates, pots, runs, fouls) and how fast (decision time) the computer players play",
    "web": "latency and throughput of the browser app's server",
    "pots": "pro's pot success on 200 seeded random makeable single-shot positions (--positions, --seed)",
    "batch": "shots per second of simulate in a loop and of simulate_many on one and on all cores, and their equality",
    "break": "how a break spreads: balls pocketed, legal breaks, and whether gaps or ball numbers change that",
    "soak": "the browser app's server for N minutes under 50 matches at once: latency, errors, memory",
    "airborne": "how often hard strokes at a low elevation put a ball off the table (issue 14: under 1 %)",
    "env": "environment steps per second of the gymnasium environments, in one process and over two workers",
}
