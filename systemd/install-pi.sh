#!/usr/bin/env bash
# Installs the tabletop companion as a kiosk on Raspberry Pi OS Bookworm (Lite or desktop).
#   sudo make install-pi          (or: sudo bash systemd/install-pi.sh)
#   DRY_RUN=1 bash systemd/install-pi.sh   prints every step instead of doing it
#   sudo WHEELS=DIR make install-pi        installs the Python packages from DIR, no network
# Safe to run again: it upgrades the app and never overwrites /etc/companion/config.toml.
# What it installs is listed in files beside it: debian-packages.txt (apt), constraints.txt
# (the exact Python stack), companion.service (the unit; the groups it names are created),
# modules-load.conf, 99-companion-hub.rules, 99-companion-usb.rules.
set -euo pipefail

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PREFIX=/opt/companion
USER_NAME=companion
STATE=/var/lib/companion
DRY_RUN=${DRY_RUN:-0}
WHEELS=${WHEELS:-}
# The groups are the unit's own list: systemd refuses to start a service (status=216/GROUP)
# when a group in SupplementaryGroups= does not exist.
read -r -a GROUPS_WANTED <<<"$(sed -n 's/^SupplementaryGroups=//p' "$SRC/systemd/companion.service")"

run() {
    if [ "$DRY_RUN" = 1 ]; then printf '+ %s\n' "$*"; else "$@"; fi
}

if [ "$DRY_RUN" != 1 ] && [ "$(id -u)" != 0 ]; then
    echo "install-pi: run it as root: sudo make install-pi" >&2
    exit 1
fi

echo "== system packages"
run apt-get update
# Nothing the system has is removed (apt-get --no-remove). An optional package is skipped where
# the system has no such package, and where installing it would remove one the system has: on
# Raspberry Pi OS, python3-rpi-lgpio stands in for python3-rpi.gpio, and the two conflict.
packages=()
while read -r name flag || [ -n "$name" ]; do
    [ -n "$name" ] || continue
    if [ "$flag" = optional ]; then
        if ! apt-cache show "$name" >/dev/null 2>&1; then
            echo "install-pi: no package '$name' on this system (it comes with Raspberry Pi OS); skipped"
            continue
        fi
        removes=$(apt-get -s -q install --no-install-recommends "$name" 2>/dev/null |
                  sed -n 's/^Remv \([^ ]*\).*/\1/p' | xargs)
        if [ -n "$removes" ]; then
            echo "install-pi: '$name' would remove the system's own $removes; skipped"
            continue
        fi
    fi
    packages+=("$name")
done < <(sed 's/#.*//' "$SRC/systemd/debian-packages.txt")
run apt-get install -y --no-install-recommends --no-remove "${packages[@]}" || {
    echo "install-pi: apt could install these only by removing packages the system has;" \
         "nothing was removed or installed (apt's reason is above)" >&2
    exit 1
}

echo "== user $USER_NAME"
if ! id "$USER_NAME" >/dev/null 2>&1; then
    run useradd --system --user-group --home-dir "$STATE" --shell /usr/sbin/nologin "$USER_NAME"
fi
for group in "${GROUPS_WANTED[@]}"; do
    if ! getent group "$group" >/dev/null; then
        echo "install-pi: no group '$group' on this system; created"
        run groupadd --system "$group"
    fi
    run usermod -aG "$group" "$USER_NAME"
done

echo "== app in $PREFIX"
run install -d -m 0755 "$PREFIX" "$PREFIX/docs"
if [ ! -x "$PREFIX/venv/bin/python" ]; then
    run python3 -m venv --system-site-packages "$PREFIX/venv"
fi
pip_source=()
if [ -n "$WHEELS" ]; then pip_source=(--no-index --find-links "$WHEELS"); fi
run "$PREFIX/venv/bin/pip" install --upgrade --quiet "${pip_source[@]}" \
    --constraint "$SRC/systemd/constraints.txt" "${SRC}[pi]"
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

echo "== udev rule mounting USB sticks for Export to USB"
run install -m 0644 "$SRC/systemd/99-companion-usb.rules" /etc/udev/rules.d/99-companion-usb.rules
run install -d -m 0755 /media
run udevadm control --reload-rules

echo "== kernel modules loaded at boot"
run install -m 0644 "$SRC/systemd/modules-load.conf" /etc/modules-load.d/companion.conf
run systemctl restart systemd-modules-load.service ||
    echo "install-pi: a module did not load (journalctl -u systemd-modules-load); a seat hub" \
         "plugged in later may need: sudo systemctl restart companion"

echo "== systemd unit"
run install -m 0644 "$SRC/systemd/companion.service" /etc/systemd/system/companion.service
run systemctl daemon-reload
run systemctl enable companion.service
run systemctl restart companion.service

echo "install-pi: done. The app starts at boot on the touchscreen."
echo "  logs:    journalctl -u companion -f"
echo "  status:  systemctl status companion"
echo "  buttons: Settings > Hardware test on the device"
