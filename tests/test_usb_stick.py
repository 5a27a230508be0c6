"""Finding a USB stick to export History to (hw/usb_stick.py): what /proc/mounts says, read when
the screen asks; only writable block-device file systems under /media, /run/media or /mnt."""

from __future__ import annotations

from pathlib import Path

from hw.usb_stick import mounted_sticks

MOUNTS = """\
/dev/mmcblk0p2 / ext4 rw,noatime 0 0
/dev/mmcblk0p1 /boot/firmware vfat rw,relatime 0 0
tmpfs /run tmpfs rw,nosuid 0 0
/dev/sda1 /media/usb-sda1 vfat rw,nosuid,nodev,uid=999 0 0
/dev/sdb1 /media/usb-sdb1 vfat ro,nosuid 0 0
/dev/sdc1 /run/media/mina/MY\\040STICK exfat rw 0 0
tmpfs /media/ramdisk tmpfs rw 0 0
"""


def test_a_stick_is_a_writable_block_device_mounted_under_media():
    found = mounted_sticks(MOUNTS, writable=lambda p: True)
    assert [(str(s.path), s.device) for s in found] == [
        ("/media/usb-sda1", "/dev/sda1"), ("/run/media/mina/MY STICK", "/dev/sdc1")]


def test_a_mount_the_app_cannot_write_is_not_offered():
    found = mounted_sticks(MOUNTS, writable=lambda p: p != Path("/media/usb-sda1"))
    assert [s.device for s in found] == ["/dev/sdc1"]


def test_garbage_in_the_mount_table_is_skipped():
    assert mounted_sticks("\n\x00 junk\n/dev/sda1\n", writable=lambda p: True) == []
