"""Shared by the benchmark scripts: the console script, percentiles, timing summaries."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of ``values`` (``share`` from 0 to 1)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def summary(label: str, values: list[float]) -> str:
    """``label: n=.. median=..s p95=..s max=..s``."""
    return (
        f"{label}: n={len(values)} median={statistics.median(values):.3f}s "
        f"p95={percentile(values, 0.95):.3f}s max={max(values):.3f}s"
    )


def console_script() -> Path:
    """The ``silverpyr`` script installed beside the running interpreter."""
    folder = Path(sys.executable).parent
    for name in ("silverpyr", "silverpyr.exe"):
        if (folder / name).exists():
            return folder / name
    raise SystemExit(f"no silverpyr console script in {folder}: install the package first")
