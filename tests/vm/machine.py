"""One QEMU virtual machine standing in for the Pi: virtio-gpu as the KMS display, a virtio
tablet as the touchscreen, a virtio keyboard, a USB controller for the seat hub, and two control
channels — QMP (screenshots, input, hot-plug) and the guest agent (commands inside the guest).

Both channels are JSON lines over a Unix socket; the few calls needed are written here rather
than pulling in the ``qemu.qmp`` package (asyncio, a dependency CI would have to install).
"""

from __future__ import annotations

import base64
import json
import os
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

SCREEN = (1024, 768)  # the virtual display's mode: not 800x480, so the letterbox shows
ABS_MAX = 0x7FFF  # QEMU's absolute pointer range on both axes


class VMError(RuntimeError):
    """The machine or one of its channels did not do what was asked."""


def until(condition, timeout: float, every: float = 0.3):
    """Ask ``condition()`` every ``every`` s until it gives something true; that, or None
    after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value or time.monotonic() > deadline:
            return value or None
        time.sleep(every)


class JsonChannel:
    """A QMP or guest-agent socket: one JSON object a line each way."""

    def __init__(self, path: Path, timeout: float):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(str(path))
        self.buffer = b""

    def send(self, message: dict) -> None:
        self.sock.sendall(json.dumps(message).encode() + b"\n")

    def receive(self) -> dict:
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise VMError("the channel closed")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        line = line.strip(b"\xff")  # the guest agent's sync delimiter
        return json.loads(line) if line.strip() else self.receive()

    def close(self) -> None:
        self.sock.close()


class Qmp(JsonChannel):
    """The QEMU monitor protocol: commands and their answers, events skipped."""

    def __init__(self, path: Path):
        super().__init__(path, timeout=30)
        self.receive()  # greeting
        self.execute("qmp_capabilities")

    def execute(self, command: str, **arguments):
        self.send({"execute": command, "arguments": arguments} if arguments
                  else {"execute": command})
        while True:
            answer = self.receive()
            if "event" in answer:
                continue
            if "error" in answer:
                raise VMError(f"{command}: {answer['error'].get('desc')}")
            return answer.get("return")


@dataclass(frozen=True)
class Result:
    code: int
    out: str
    err: str


class GuestAgent(JsonChannel):
    """qemu-guest-agent: runs commands inside the guest and returns their output."""

    def __init__(self, path: Path):
        super().__init__(path, timeout=10)
        self._id = int(time.time()) % 100000

    def sync(self) -> None:
        """Discard anything stale on the channel (a restarted agent, an old answer)."""
        self._id += 1
        self.send({"execute": "guest-sync-delimited", "arguments": {"id": self._id}})
        while self.receive().get("return") != self._id:
            pass

    def execute(self, command: str, **arguments):
        self.send({"execute": command, "arguments": arguments})
        answer = self.receive()
        if "error" in answer:
            raise VMError(f"{command}: {answer['error'].get('desc')}")
        return answer.get("return")

    def run(self, script: str, timeout: float = 120, check: bool = True) -> Result:
        """``sh -c script`` as root in the guest; its exit code and output."""
        pid = self.execute("guest-exec", path="/bin/sh", arg=["-c", script],
                           **{"capture-output": True})["pid"]
        deadline = time.monotonic() + timeout
        while True:
            status = self.execute("guest-exec-status", pid=pid)
            if status["exited"]:
                break
            if time.monotonic() > deadline:
                raise VMError(f"guest command timed out after {timeout} s: {script[:80]}")
            time.sleep(0.2)
        decode = lambda key: base64.b64decode(status.get(key, "")).decode(errors="replace")
        result = Result(status.get("exitcode", -1), decode("out-data"), decode("err-data"))
        if check and result.code != 0:
            raise VMError(f"guest command failed ({result.code}): {script[:80]}\n"
                          f"{result.out[-2000:]}{result.err[-2000:]}")
        return result


class Machine:
    """A running VM. ``start()`` launches QEMU; ``power_cut()`` kills it like a pulled plug."""

    def __init__(self, arch, image, disk: Path, share: Path, workdir: Path, accel: str):
        self.arch, self.image, self.disk, self.share, self.workdir, self.accel = \
            arch, image, disk, share, workdir, accel
        self.process: subprocess.Popen | None = None
        self.qmp: Qmp | None = None
        self.started = 0.0
        self.boots = 0

    def command(self) -> list[str]:
        w, arch = self.workdir, self.arch
        return [
            arch.qemu, *arch.qemu_board(self.accel), "-accel", self.accel, "-m", str(arch.memory_mb), "-smp", "2",
            "-kernel", str(self.image.kernel), "-initrd", str(self.image.initrd),
            "-append", f"root=/dev/vda rw console={arch.console} quiet",
            "-drive", f"file={self.disk},if=virtio,format=qcow2",
            "-device", f"virtio-gpu-pci,xres={SCREEN[0]},yres={SCREEN[1]}",
            "-display", "none",
            "-device", "virtio-tablet-pci,id=touch", "-device", "virtio-keyboard-pci,id=keys",
            "-device", "qemu-xhci,id=usb",
            "-device", "virtio-serial-pci",
            "-chardev", f"socket,id=qga,path={w / 'qga.sock'},server=on,wait=off",
            "-device", "virtserialport,chardev=qga,name=org.qemu.guest_agent.0",
            "-virtfs", f"local,path={self.share},mount_tag=companion,security_model=none,"
                       "readonly=on",
            "-qmp", f"unix:{w / 'qmp.sock'},server=on,wait=off",
            "-serial", f"file:{w / f'console-{self.boots}.log'}",
            "-nic", "none", "-no-reboot",
        ]

    def start(self) -> None:
        for name in ("qmp.sock", "qga.sock"):
            (self.workdir / name).unlink(missing_ok=True)
        self.boots += 1
        self.started = time.monotonic()
        self.process = subprocess.Popen(self.command(), stdin=subprocess.DEVNULL,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.qmp = Qmp(self._wait_for_socket("qmp.sock"))

    def _wait_for_socket(self, name: str, timeout: float = 20) -> Path:
        path = self.workdir / name
        deadline = time.monotonic() + timeout
        while not path.exists():
            if self.process.poll() is not None:
                output = self.process.stdout.read().decode(errors="replace")
                raise VMError(f"qemu exited ({self.process.returncode}): {output[-800:]}")
            if time.monotonic() > deadline:
                raise VMError(f"qemu made no {name} in {timeout} s")
            time.sleep(0.05)
        return path

    def agent(self, timeout: float = 180) -> GuestAgent:
        """The guest agent, once the guest has booted far enough to answer."""
        deadline = time.monotonic() + timeout * self.arch.slowness
        while True:
            try:
                agent = GuestAgent(self._wait_for_socket("qga.sock"))
                agent.sock.settimeout(2)
                agent.sync()
                agent.sock.settimeout(30)
                return agent
            except (OSError, VMError, json.JSONDecodeError):
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise VMError("the guest agent never answered") from None
                time.sleep(0.5)

    # --- what a person at the table does ---------------------------------------------------------
    def screenshot(self, path: Path) -> Path:
        self.qmp.execute("screendump", filename=str(path), format="png")
        return path

    def _pointer(self, x: float, y: float) -> list[dict]:
        """Absolute pointer events for display pixel (x, y)."""
        scale = lambda value, size: round(min(max(value, 0), size - 1) * ABS_MAX / (size - 1))
        return [{"type": "abs", "data": {"axis": "x", "value": scale(x, SCREEN[0])}},
                {"type": "abs", "data": {"axis": "y", "value": scale(y, SCREEN[1])}}]

    def touch(self, x: float, y: float, down: bool) -> None:
        """Move there, then press or lift: SDL's evdev applies a move at its SYN_REPORT but a
        button at once, so both in one report would press where the pointer was before."""
        self.qmp.execute("input-send-event", events=self._pointer(x, y))  # to the active tablet
        time.sleep(0.05)
        self.qmp.execute("input-send-event",
                         events=[{"type": "btn", "data": {"down": down, "button": "left"}}])

    def tap(self, x: float, y: float, hold: float = 0.1) -> None:
        self.touch(x, y, True)
        time.sleep(hold)
        self.touch(x, y, False)

    def key(self, qcode: str, hold: float = 0.1) -> None:
        self.qmp.execute("send-key", keys=[{"type": "qcode", "data": qcode}],
                         **{"hold-time": int(hold * 1000)})

    def plug_usb_serial(self, tty: str, name: str = "hub") -> None:
        """Plug a USB serial adapter (FTDI) whose other end is the host tty ``tty``."""
        self.qmp.execute("chardev-add", id=f"{name}-line",
                         backend={"type": "serial", "data": {"device": tty}})
        self.qmp.execute("device_add", driver="usb-serial", id=name, bus="usb.0",
                         chardev=f"{name}-line")

    def unplug_usb(self, name: str = "hub") -> None:
        """Pull the USB device plugged with ``plug_usb_serial`` out again."""
        self.qmp.execute("device_del", id=name)
        usb = lambda: self.qmp.execute("human-monitor-command", **{"command-line": "info usb"})
        until(lambda: f"ID: {name}" not in usb(), 10, every=0.2)

    # --- ending -----------------------------------------------------------------------------------
    def power_cut(self) -> None:
        """SIGKILL QEMU: the guest gets no chance to write anything more."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self._closed()

    def stop(self) -> None:
        """End the machine at the end of the test (its disk is thrown away)."""
        if self.process is None or self.process.poll() is not None:
            return
        try:
            if self.qmp is None:
                raise VMError("no monitor")
            self.qmp.execute("quit")
            self.process.wait(10)
        except (VMError, OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        self._closed()

    def _closed(self) -> None:
        if self.qmp is not None:
            self.qmp.close()
            self.qmp = None
