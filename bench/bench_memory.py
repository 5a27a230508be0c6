"""Peak memory (RSS) of the app while it tours every screen in both languages."""

from __future__ import annotations

import os
import subprocess
import sys

from common import ROOT, emit, scratch_dir


def peak_rss_mb(language: str) -> float:
    data = scratch_dir()
    env = {**os.environ, "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"),
           "COMPANION_HW": "mock"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "--headless", "--lang", language, "--data-dir", data,
         "--config", os.path.join(data, "none.toml"), "--seed", "5",  # the tour's seed
         "--script", str(ROOT / "scripts/tour.txt"),
         "--screenshots", os.path.join(data, "shots")],
        stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"the tour failed in {language}")
    return usage.ru_maxrss / 1024  # kilobytes on Linux


TARGET_MB = 80


def main() -> None:
    peaks = {f"tour_{language}_mb": round(peak_rss_mb(language), 1) for language in ("en", "ko")}
    met = "meets" if max(peaks.values()) < TARGET_MB else "MISSES"
    verdict = (f"peak memory touring every screen: {met} < {TARGET_MB} MB "
               f"(en {peaks['tour_en_mb']}, ko {peaks['tour_ko_mb']} MB)")
    emit("peak_rss", target_mb=TARGET_MB, verdict=verdict, **peaks)
    print(verdict)


if __name__ == "__main__":
    main()
