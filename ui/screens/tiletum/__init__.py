"""Tiletum on the device: setup, the wheel, the passes, the king phase, festivals, scoring."""
