"""What emptying the WAL after each step costs (issue 38, item 2): 200 steps stored as the app
stores them (one ``append`` each), in a child process, with the checkpoint the app runs when
idle after a step (``PRAGMA wal_checkpoint(TRUNCATE)``) against its peer in the same run, the
same steps without it. Counted, not timed where possible: the file-system calls that reach the
storage (fsync, fdatasync, ftruncate, pwrite64) under ``strace -c``, and the bytes written; the
wall time per step is printed too (this machine's speed drifts; an SD card's fsync is ~10 ms)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from common import ROOT, emit, scratch_dir

STEPS = 200
CHILD = r"""
import sys, time
sys.path.insert(0, {root!r})
from storage.store import Store
store = Store({path!r})
session = store.create_session("troyes", {{"names": ["Mina", "Joon"]}}, 1)
start = time.perf_counter()
for i in range({steps}):
    session = store.append(session, {{"type": "act", "seat": 1, "n": i}})
    if {checkpoint}:
        store.checkpoint()
print((time.perf_counter() - start) / {steps} * 1000)
"""
CALLS = ("fsync", "fdatasync", "ftruncate", "pwrite64", "write")


def run(checkpoint: bool) -> dict:
    folder = Path(scratch_dir())
    code = CHILD.format(root=str(ROOT), path=str(folder / "c.sqlite3"), steps=STEPS,
                        checkpoint=checkpoint)
    strace = shutil.which("strace")
    command = [sys.executable, "-c", code]
    if strace:
        command = [strace, "-f", "-c", "-e", "trace=" + ",".join(CALLS), "-o",
                   str(folder / "calls.txt"), *command]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    out = {"ms_per_step": round(float(done.stdout.split()[-1]), 3)}
    if strace:
        counts = {}
        for line in (folder / "calls.txt").read_text().splitlines():
            words = line.split()  # % time, seconds, usecs/call, calls, [errors], syscall
            if len(words) >= 5 and words[-1] in CALLS:
                counts[words[-1]] = int(words[3])
        for call in CALLS:
            out[f"{call}_per_step"] = round(counts.get(call, 0) / STEPS, 2)
    return out


def main() -> None:
    emit("wal_checkpoint", steps=STEPS, with_checkpoint=run(True), without=run(False))


if __name__ == "__main__":
    main()
