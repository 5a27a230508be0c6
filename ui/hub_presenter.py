"""What the app shows of the seat hub: the "not connected" notice in every title bar, its
counts redrawn at most ``HUB_REDRAW_EVERY`` s apart on the screens that show them, and its
line on About."""

from __future__ import annotations

from collections.abc import Callable

from hw.clock import Clock

HUB_REDRAW_EVERY = 0.25  # s: the hub's counts are redrawn at most 4 times a second


class HubPresenter:
    """Follows the hub's status reports (from its thread) and says when to redraw."""

    def __init__(self, clock: Clock, refresh: Callable[[], None]):
        """``refresh`` asks the loop for a frame (from any thread)."""
        self.clock, self.refresh = clock, refresh
        self.shows_status: Callable[[], bool] = lambda: False  # the top screen draws counts
        self.seen = False  # the seat hub was connected at some point since start
        self.connected = False  # as last drawn in the "not connected" notice
        self.stale = False  # counts changed since the hub screens were last drawn
        self.drawn = 0.0  # when a hub change was last drawn

    def on_change(self, status) -> None:
        """From the hub's thread: remember that it was connected, and redraw only what shows.
        Connecting and losing the hub change the notice on every screen: drawn at once. The
        rest (counts of damaged lines...) shows on the hardware test and About only: drawn
        there at most every ``HUB_REDRAW_EVERY`` s, the last change included; noise on the
        link costs no frame elsewhere."""
        self.seen = self.seen or status.connected
        now = self.clock()
        if status.connected != self.connected:
            self.connected, self.stale, self.drawn = status.connected, False, now
            self.refresh()
        elif self.shows_status():
            if now - self.drawn >= HUB_REDRAW_EVERY:
                self.stale, self.drawn = False, now
                self.refresh()
            else:
                self.stale = True  # drawn when the interval is over (``due``)

    def due(self) -> float | None:
        """When a change still to draw may be drawn (clock time), or None."""
        return self.drawn + HUB_REDRAW_EVERY if self.stale else None

    def redraw_now(self) -> bool:
        """Whether the hub screens' last change is to be drawn now (the interval is over)."""
        if self.stale and self.clock() - self.drawn >= HUB_REDRAW_EVERY:
            self.stale, self.drawn = False, self.clock()
            return True
        return False

    def title_notice(self, hub, t, touched: bool) -> str | None:
        """The warning every screen shows in its title bar, if any: "Seat hub not connected"
        while a configured hub is not connected, and then: if it was connected at some point
        since start (it is lost), on every screen until it is back; if it never was, only for
        a hub named by its port, and only until the first input (``touched``) since start.
        ``hub = "auto"`` with no hub on the table is not a problem: nothing is said (Hardware
        test and About tell)."""
        if hub is None or hub.status.connected:
            return None
        due = self.seen or (hub.status.configured != "auto" and not touched)
        return t("notice.hub_off") if due else None

    @staticmethod
    def about(hub, t) -> str:
        """The hub's line on About."""
        if hub is None:
            return t("about.hub_none")
        s = hub.status
        if s.connected:
            return t("about.hub_port", port=s.port, firmware=s.firmware, seats=s.seats)
        return t("about.hub_waiting", port=s.configured)
