"""The kiosk inside the VM, seen from the host through the guest agent and QMP."""

from __future__ import annotations

import json
import re
import shlex
import time
from pathlib import Path

from machine import Machine, VMError, until

DB = "/var/lib/companion/companion.sqlite3"
TOUCHSCREEN = "/root/companion/tests/vm/touchscreen.py"  # copied there by the install step
TOUCH_FIFO = "/run/companion-touch"


class Guest:
    """The running kiosk: commands as root, the service's state, the app's screens (from its
    journal), screenshots, the stored decisions."""

    def __init__(self, machine: Machine, out: Path):
        self.machine, self.out = machine, out
        self.agent = None
        self.shots: list[str] = []

    def slow(self, seconds: float) -> float:
        """A wait for the guest, lengthened for a slower emulated architecture."""
        return seconds * self.machine.arch.slowness

    def boot(self) -> float:
        """Start the VM; seconds until the guest agent answers."""
        self.machine.start()
        self.agent = self.machine.agent()
        return time.monotonic() - self.machine.started

    def sh(self, script: str, timeout: float = 60, check: bool = True):
        return self.agent.run(script, timeout=self.slow(timeout), check=check)

    def wait_active(self, timeout: float = 180, not_pid: str | None = None) -> str:
        """Wait until companion.service is active — READY=1 sent, so the first frame is up —
        with a main PID other than ``not_pid``; that PID."""
        def active_pid():
            state = self.sh("systemctl show -p MainPID -p ActiveState --value companion",
                            check=False).out.split()
            ok = len(state) == 2 and state[1] == "active" and state[0] not in ("0", not_pid)
            return state[0] if ok else None

        pid = until(active_pid, self.slow(timeout))
        if pid is None:
            raise VMError("companion.service never became active")
        return pid

    def journal(self, options: str) -> str:
        return self.sh(f"journalctl --no-pager {options}").out

    def screens(self) -> list[str]:
        """The screens the app entered this boot, in order (its "screen NAME" log lines)."""
        return re.findall(r"ui\.app: screen (\S+)$", self.journal("-b -u companion -o cat"),
                          re.M)

    def wait_screen(self, name: str, after: int, timeout: float = 30) -> None:
        """Wait until a screen entered after the first ``after`` is ``name`` and on top."""
        seen = []

        def entered():
            seen[:] = self.screens()
            return len(seen) > after and seen[-1] == name

        if not until(entered, self.slow(timeout)):
            raise VMError(f"expected screen {name!r}; the guest showed {seen[after:]}")

    def shot(self, name: str) -> Path:
        path = self.out / f"{name}.png"
        self.machine.screenshot(path)
        if path.name not in self.shots:
            self.shots.append(path.name)
        return path

    def open_touchscreen(self) -> str:
        """Create the guest's multitouch panel (tests/vm/touchscreen.py, shaped like the 7"
        display's) and wait until udev has it; what udev says of it."""
        self.sh(f"modprobe uinput; rm -f {TOUCH_FIFO}; "
                f"setsid -f python3 {TOUCHSCREEN} {TOUCH_FIFO} > /run/companion-touch.log 2>&1; "
                "for i in $(seq 100); do grep -q ready /run/companion-touch.log && break; "
                "sleep 0.1; done; udevadm settle", timeout=30)
        return self.sh("for d in /sys/class/input/event*; do "
                       "grep -qx 'FT5406 memory based driver' $d/device/name 2>/dev/null && "
                       "udevadm info -q property -p $d; done").out

    def finger(self, x: int, y: int, hold: float = 0.1) -> None:
        """One finger on the panel at its point (x, y), lifted ``hold`` seconds later (timed
        inside the guest: the agent's delays do not lengthen it)."""
        self.sh(f"echo 'down 0 {x} {y}' > {TOUCH_FIFO}; sleep {hold}; "
                f"echo 'up 0' > {TOUCH_FIFO}")

    def python(self, code: str) -> str:
        """Run Python 3 code in the guest (as root); what it printed."""
        return self.sh(f"python3 -c {shlex.quote(code)}").out

    def decisions(self) -> list[str]:
        """Every stored decision, in order."""
        return self.python(
            "import sqlite3\n"
            f"db = sqlite3.connect('file:{DB}?mode=ro', uri=True)\n"
            "for (payload,) in db.execute('select payload from decisions "
            "order by session_id, seq'): print(payload)").splitlines()

    def integrity(self) -> str:
        return self.python(f"import sqlite3\nprint(sqlite3.connect('{DB}')"
                           ".execute('pragma integrity_check').fetchone()[0])").strip()

    def watchdog_kill_time(self) -> float | None:
        """When systemd logged the app's watchdog timeout this boot (guest clock, s)."""
        for line in self.journal("-b -u companion -o json").splitlines():
            entry = json.loads(line)
            if "Watchdog timeout" in str(entry.get("MESSAGE", "")):
                return int(entry["__REALTIME_TIMESTAMP"]) / 1e6
        return None
