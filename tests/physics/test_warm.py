"""After ``compile_kernels`` (``make install`` runs it) a fresh process loads every kernel from disk."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from poolhall.physics.warm import compile_kernels

_PROBE = """
import json
from poolhall.physics.warm import compile_kernels
from poolhall.physics import batch
from poolhall.physics.simulate import run
compile_kernels()
stats = [f.stats for f in (run, batch._run_many, batch._extract)]
print(json.dumps({"hits": sum(sum(s.cache_hits.values()) for s in stats),
                  "misses": sum(sum(s.cache_misses.values()) for s in stats)}))
"""


@pytest.mark.slow
def test_a_fresh_process_loads_the_kernels_from_the_disk_cache() -> None:
    compile_kernels()  # fills the cache if this checkout's sources are newer than it
    done = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    counts = json.loads(done.stdout.strip().splitlines()[-1])
    assert counts["misses"] == 0 and counts["hits"] >= 3
