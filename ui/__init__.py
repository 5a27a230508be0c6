"""The pygame app: screens, widgets, fonts, translations. Renders views, never raw state."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep the log free of the banner
