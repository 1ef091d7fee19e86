"""The test suite with every case of its sampled tests: the thousands of seeds, games and
records that the everyday suite runs a seeded sample of (tests/conftest.py `sample`).

    python benchmarks/thorough.py                     # the whole suite, every case (several minutes)
    python benchmarks/thorough.py tests/test_demo_fast.py -x   # any pytest arguments

The everyday suite keeps within its time budget (90 s on two cores); run this before a change
to a generator, an engine or the reader lands, and after a failure of a sampled test.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    env = {**os.environ, "SCOREKEEP_THOROUGH": "1"}
    return subprocess.call([sys.executable, "-m", "pytest", *sys.argv[1:]], cwd=ROOT, env=env)


if __name__ == "__main__":
    sys.exit(main())
