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
SMALL_SIZE = 17
NOTICE_SIZE = 18  # a warning the table reads from its seats (the title bar's notice)
ABILITY_SIZE = 18  # what a character does, read from the seats (the calling's line under the call)
FLOOR_SIZE = 14
"""The smallest a player's name (or a line holding one) is shrunk to before it is cut with "…"
(ui/widgets.py ``fit_line``): the size of the smallest text the table already reads from its
seats (the notes under the seats on the Citadels map, the notices, the Tiletum legend). A
24-character name fits nowhere small at any readable size, so going lower would only make every
long name harder to read."""
LABEL_FLOOR = 12  # a button's label shrinks down to this (a district card's name and cost)
