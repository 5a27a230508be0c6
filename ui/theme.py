"""Colours and sizes shared by every screen (dark, calm, readable across a table)."""

BACKGROUND = (24, 28, 33)
PANEL = (42, 48, 56)
PANEL_PRESSED = (70, 78, 90)
PANEL_DISABLED = (34, 38, 44)
TEXT = (240, 240, 236)
TEXT_DIM = (150, 160, 170)
TEXT_DISABLED = (95, 102, 110)
ACCENT = (224, 165, 38)  # crown gold: focus ring, selected choices
ACCENT_TEXT = (24, 28, 33)
WARNING = (214, 92, 72)
LIT = (96, 200, 120)  # a control being pressed in the hardware test
OFF = (60, 66, 74)

MIN_TARGET = 48  # px: the smallest touch target (finger-sized)
MARGIN = 16
RADIUS = 12
FOCUS_WIDTH = 4

TITLE_SIZE = 34
TITLE_FLOOR = 20  # a long title is drawn smaller, down to this (bold)
BODY_SIZE = 22
BUTTON_SIZE = 26
BIG_SIZE = 34
SMALL_SIZE = 18
"""The smallest text a player reads (3.4 mm on the 7" panel, read from across the table):
notes, legends, notices, a character's ability line. Nothing a player must read is drawn
smaller (tests/test_name_fit.py checks every frame of every screen)."""
FLOOR_SIZE = SMALL_SIZE
"""The smallest a player's name (or a line holding one) or a button's label is shrunk to
before it is cut with "…" or wrapped (ui/widgets.py ``fit_line``, ``fit_size``)."""
