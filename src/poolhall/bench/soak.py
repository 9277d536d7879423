"""``poolhall bench soak --minutes N``: the server under steady load for N minutes; does it stay fast and flat?

The server runs in its own process (as ``poolhall serve`` does, with its
worker pool), on a free port of 127.0.0.1 and a fresh database in a
temporary folder; its create rate is opened for the one client that makes
every match. This process keeps ``MATCHES`` eight-ball matches going at once:
seat A a client over a WebSocket (``bench.web.SocketSeat``), seat B the
computer's ``simple`` level on the server; each match that ends is replaced
by a new one until the time is up (matches still running then are left, not
counted as errors; a match runs as long as it takes, however many actions).
Each error is counted in the report and named on stderr. Every shot's latency is measured from sending it to the
event with its trajectory. The server's resident memory (``VmRSS``) is read
every few seconds: ``rss_start_mib`` once the first matches are all under way
(a tenth of the run, at least 20 s in), ``rss_end_mib`` at the end.
Loopback only; bounded in time (N minutes) and in count (``MATCHES`` at once).
"""

from __future__ import annotations

import asyncio
import math
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

HELP = "the server for N minutes under 50 matches at once: latency, errors, memory and database growth"
SIZE = "minutes"
MATCHES = 50
SAMPLE_EVERY_S = 5.0


def rss_mib(pid: int) -> float:
    """Resident memory of process ``pid`` in MiB (Linux ``/proc``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


async def _keep_playing(url: str, until: float, seats: list[Any], failures: list[str]) -> None:
    """``MATCHES`` lanes; each plays match after match until ``until`` (monotonic)."""
    import httpx

    from poolhall.bench.web import SocketSeat

    # A connection per create: a lane creates a match every minute or so, and a kept-alive connection idle
    # that long is closed by the server (uvicorn: after 5 s) just as the lane may reuse it (httpx.ReadError).
    fresh = httpx.Limits(max_keepalive_connections=0)
    async with httpx.AsyncClient(base_url=f"http://{url}", timeout=60, limits=fresh) as client:

        async def lane(n: int) -> None:
            seed = n
            while time.monotonic() < until:
                body = {"game": "eight-ball", "seed": seed, "seats": {"B": {"kind": "computer", "level": "simple"}}}
                seed += MATCHES
                made = await client.post("/api/matches", json=body)
                if made.status_code != 201:
                    failures.append(f"create: {made.status_code}")
                    await asyncio.sleep(1.0)
                    continue
                seat = SocketSeat("A", max_actions=None)  # a long match is no error: the soak ends by time
                seats.append(seat)
                m = made.json()
                try:
                    ended = await asyncio.wait_for(seat.play(url, m["id"], m["tokens"]["A"]), until - time.monotonic())
                except TimeoutError:
                    return  # the time is up mid-match: not an error
                except Exception as exc:  # a dropped socket, a refused handshake
                    failures.append(f"match {m['id']}: {exc!r}")
                    continue
                if not ended:
                    failures.append(f"match {m['id']} did not end cleanly")

        await asyncio.gather(*(lane(n) for n in range(MATCHES)))


def steps(minutes: float) -> int:
    return max(1, math.ceil(minutes))


def measure(minutes: float, tick: Callable[[str], None]) -> dict[str, Any]:
    if minutes <= 0:
        raise RuntimeError(f"--minutes {minutes}: expected more than 0")
    from poolhall.bench.web import server_process

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "soak.sqlite"
        with server_process(db) as (url, pid):
            report = asyncio.run(_soak(url, pid, minutes * 60.0, tick))
        report["db_mib"] = sum(p.stat().st_size for p in Path(folder).glob("soak.sqlite*")) / 2**20
    return report


async def _soak(url: str, pid: int, seconds: float, tick: Callable[[str], None]) -> dict[str, Any]:
    begin = time.monotonic()
    until = begin + seconds
    seats: list[Any] = []
    failures: list[str] = []
    samples: list[tuple[float, float]] = []

    async def sample() -> None:
        minute = 0
        while True:
            samples.append((time.monotonic() - begin, rss_mib(pid)))
            if samples[-1][0] >= 60 * (minute + 1):
                minute += 1
                tick(f"minute {minute}")
            await asyncio.sleep(SAMPLE_EVERY_S)

    sampler = asyncio.create_task(sample())
    await _keep_playing(url, until, seats, failures)
    sampler.cancel()
    samples.append((time.monotonic() - begin, rss_mib(pid)))
    latencies = sorted(x for s in seats for x in s.latencies)
    if not latencies:
        raise RuntimeError("no shot was measured: the server answered no shot")
    for text, count in (Counter(e for s in seats for e in s.errors) + Counter(failures)).items():
        print(f"bench soak: error ({count}x): {text}", file=sys.stderr)  # the JSON counts them; this names them
    settled = max(20.0, seconds / 10)
    start = next((rss for at, rss in samples if at >= settled), samples[-1][1])
    return {
        "shots": len(latencies),
        "errors": sum(len(s.errors) for s in seats) + len(failures),
        "p50_s": statistics.median(latencies),
        "p99_s": latencies[min(len(latencies) - 1, math.ceil(0.99 * len(latencies)) - 1)],
        "max_s": latencies[-1],
        "rss_start_mib": start,
        "rss_end_mib": samples[-1][1],
    }


def summary(report: dict[str, Any]) -> str:
    return (
        f"{report['shots']} shots, {report['errors']} errors; shot sent -> trajectory received: median "
        f"{report['p50_s'] * 1000:.1f} ms, 99th percentile {report['p99_s'] * 1000:.1f} ms, worst "
        f"{report['max_s'] * 1000:.1f} ms; server memory {report['rss_start_mib']:.0f} -> "
        f"{report['rss_end_mib']:.0f} MiB; database {report['db_mib']:.1f} MiB"
    )
