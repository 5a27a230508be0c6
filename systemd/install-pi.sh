#!/usr/bin/env bash
# Installs the tabletop companion as a kiosk on Raspberry Pi OS Bookworm (Lite or desktop).
#   sudo make install-pi          (or: sudo bash systemd/install-pi.sh)
#   DRY_RUN=1 bash systemd/install-pi.sh   prints every step instead of doing it
# Safe to run again: it upgrades the app and never overwrites /etc/companion/config.toml.
set -euo pipefail

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PREFIX=/opt/companion
USER_NAME=companion
STATE=/var/lib/companion
GROUPS_WANTED=(video render input gpio dialout tty audio)
DRY_RUN=${DRY_RUN:-0}

run() {
    if [ "$DRY_RUN" = 1 ]; then printf '+ %s\n' "$*"; else "$@"; fi
}

if [ "$DRY_RUN" != 1 ] && [ "$(id -u)" != 0 ]; then
    echo "install-pi: run it as root: sudo make install-pi" >&2
    exit 1
fi

echo "== system packages"
# python3-lgpio / python3-rpi.gpio: gpiozero's pin libraries, from Pi OS (no compiler needed);
# the venv sees them through --system-site-packages. espeak-ng: the spoken calls (Settings > Sound).
run apt-get update
run apt-get install -y --no-install-recommends python3-venv python3-dev fonts-nanum \
    python3-lgpio python3-rpi.gpio espeak-ng

echo "== user $USER_NAME"
if ! id "$USER_NAME" >/dev/null 2>&1; then
    run useradd --system --user-group --home-dir "$STATE" --shell /usr/sbin/nologin "$USER_NAME"
fi
for group in "${GROUPS_WANTED[@]}"; do
    if getent group "$group" >/dev/null; then
        run usermod -aG "$group" "$USER_NAME"
    else
        echo "install-pi: no group '$group' on this system; skipped"
    fi
done

echo "== app in $PREFIX"
run install -d -m 0755 "$PREFIX" "$PREFIX/docs"
if [ ! -x "$PREFIX/venv/bin/python" ]; then
    run python3 -m venv --system-site-packages "$PREFIX/venv"
fi
run "$PREFIX/venv/bin/pip" install --upgrade --quiet "${SRC}[pi]"
run install -m 0644 "$SRC"/docs/*.md "$PREFIX/docs/"

echo "== config"
run install -d -m 0755 /etc/companion
if [ -e /etc/companion/config.toml ]; then
    echo "install-pi: keeping your /etc/companion/config.toml"
else
    run install -m 0644 "$SRC/systemd/config.example.toml" /etc/companion/config.toml
fi

echo "== udev rule for the seat hub"
run install -m 0644 "$SRC/systemd/99-companion-hub.rules" /etc/udev/rules.d/99-companion-hub.rules
run udevadm control --reload-rules
run udevadm trigger --subsystem-match=tty

echo "== systemd unit"
run install -m 0644 "$SRC/systemd/companion.service" /etc/systemd/system/companion.service
run systemctl daemon-reload
run systemctl enable companion.service
run systemctl restart companion.service

echo "install-pi: done. The app starts at boot on the touchscreen."
echo "  logs:    journalctl -u companion -f"
echo "  status:  systemctl status companion"
echo "  buttons: Settings > Hardware test on the device"
