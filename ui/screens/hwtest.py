"""Hardware test: every control shown live, every LED lit on demand, the buzzer on demand.

What a maker opens after wiring. Every physical control is only shown here (OK and the arrows
do not act), so each can be tested; hold BACK, or tap Done, to leave. A seat button also lights
its own seat LED while pressed.
"""

from __future__ import annotations

import pygame

from hw.controls import BUTTONS, Control, ControlEvent, Kind
from hw.outputs import LedMode

from .. import theme
from ..widgets import Button, draw_text, grid
from .base import BODY, Screen

TILES = (*BUTTONS, Control.POINTER)
LED_MODES = (LedMode.OFF, LedMode.ON, LedMode.BLINK)
COLOURS = ("FF2020", "20D040", "2060FF", "FFFFFF")  # red, green, blue, white


class HardwareTestScreen(Screen):
    name = "hwtest"
    shows_hub_status = True
    shows_back = False
    uses_focus = False  # every physical control is under test here

    def title(self) -> str:
        return self.t("hwtest.title")

    def build(self) -> None:
        self.pressed: set[Control] = set()
        self.held: set[Control] = set()
        self.counts: dict[Control, int] = {c: 0 for c in TILES}
        self.last: ControlEvent | None = None
        self.led_mode = LedMode.OFF
        self.colour = -1  # index in COLOURS of the colour every seat shows, -1: none
        self.tile_rects = dict(zip(TILES, grid(pygame.Rect(BODY.left, BODY.top + 30, BODY.width,
                                                           230), len(TILES), 5, gap=8)))
        bottom = grid(pygame.Rect(BODY.left, BODY.bottom - 64, BODY.width, 64), 4, 4)
        self.add(Button(bottom[0], lambda: self.t("hwtest.leds", mode=self.t(
            f"hwtest.led_{self.led_mode.value}")), self.cycle_leds, name="leds",
            size=theme.BODY_SIZE))
        self.add(Button(bottom[1], lambda: self.t("hwtest.colours"), self.cycle_colours,
                        name="colours", size=theme.BODY_SIZE))
        self.add(Button(bottom[2], lambda: self.t("hwtest.beep"), self.app.hw.outputs.beep,
                        name="beep", size=theme.BODY_SIZE))
        self.add(Button(bottom[3], lambda: self.t("common.done"), self.app.pop, name="done",
                        size=theme.BODY_SIZE))

    def cycle_leds(self) -> None:
        """Off -> on -> blinking -> off, for the status LED and every seat LED."""
        self.led_mode = LED_MODES[(LED_MODES.index(self.led_mode) + 1) % len(LED_MODES)]
        self.app.hw.outputs.set_all(self.led_mode)

    def seat_lights(self):
        return None  # this screen drives the lights itself

    def cycle_colours(self) -> None:
        """Every seat light steady in red, then green, blue, white, then off (RGB lights)."""
        self.colour = (self.colour + 2) % (len(COLOURS) + 1) - 1
        if self.colour < 0:
            self.app.hw.outputs.set_seats({})
        else:
            self.app.hw.outputs.set_seats({n: (LedMode.ON, COLOURS[self.colour])
                                           for n in range(1, 9)})

    def hub_text(self) -> str:
        """The seat hub's state, if one is configured."""
        hub = self.app.hw.hub
        if hub is None:
            return self.t("hwtest.hub_none")
        s = hub.status
        if s.connected:
            return self.t("hwtest.hub_on", port=s.port, firmware=s.firmware, seats=s.seats,
                          dropped=s.dropped)
        return self.t("hwtest.hub_off", port=s.configured, problem=s.problem or "")

    def on_leave(self) -> None:
        self.app.hw.outputs.set_all(LedMode.OFF)

    def on_control(self, event: ControlEvent) -> bool:
        control, kind = event.control, event.kind
        self.last = event
        if kind is Kind.PRESS:
            self.pressed.add(control)
            self.held.discard(control)
            self.counts[control] += 1
        elif kind is Kind.HOLD:
            self.held.add(control)
        else:
            self.pressed.discard(control)
        seat = control.seat
        if seat and self.led_mode is LedMode.OFF:
            self.app.hw.outputs.set_seat(seat, LedMode.ON if control in self.pressed else LedMode.OFF)
        if control is Control.BACK and kind is Kind.HOLD:
            self.app.pop()
        return control is not Control.POINTER  # touches still work the buttons

    def tile_label(self, control: Control) -> str:
        if control is Control.POINTER:
            return self.t("hwtest.touch")
        if control.seat:
            return self.t("control.SEAT", n=control.seat)
        return self.t(f"control.{control.value}")

    def event_text(self, event: ControlEvent) -> str:
        return f"{event.source}: {self.tile_label(event.control)} {self.t(f'event.{event.kind.value}')}"

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        problem = self.app.hw.gpio_problem
        if problem is None:
            draw_text(canvas, fonts, self.t("hwtest.hint"), (BODY.left, BODY.top + 4),
                      theme.SMALL_SIZE, theme.TEXT_DIM)
        else:  # what the buttons that do nothing mean, where the maker presses them
            draw_text(canvas, fonts, self.t("hwtest.gpio_off",
                                            reason=self.t(f"gpio_problem.{problem}")),
                      (BODY.left, BODY.top + 2), theme.SMALL_SIZE, theme.WARNING)
        for control, rect in self.tile_rects.items():
            lit = control in self.pressed
            pygame.draw.rect(canvas, theme.LIT if lit else theme.PANEL, rect,
                             border_radius=theme.RADIUS)
            if control in self.held and lit:
                pygame.draw.rect(canvas, theme.ACCENT, rect, 4, border_radius=theme.RADIUS)
            color = theme.ACCENT_TEXT if lit else theme.TEXT
            draw_text(canvas, fonts, self.tile_label(control), (rect.centerx, rect.centery - 10),
                      theme.BODY_SIZE, color, bold=True, anchor="center")
            detail = self.t("hwtest.held") if control in self.held and lit else self.t(
                "hwtest.count", n=self.counts[control])
            draw_text(canvas, fonts, detail, (rect.centerx, rect.centery + 16), theme.SMALL_SIZE,
                      color, anchor="center")
        draw_text(canvas, fonts, self.hub_text(), (BODY.left, BODY.bottom - 120),
                  theme.SMALL_SIZE, theme.TEXT if self.app.hw.hub is None or
                  self.app.hw.hub.status.connected else theme.WARNING)
        status = self.event_text(self.last) if self.last else self.t("hwtest.nothing")
        names = ", ".join(self.app.hw.backends + ["touch"])
        draw_text(canvas, fonts, self.t("hwtest.last", event=status),
                  (BODY.left, BODY.bottom - 96), theme.SMALL_SIZE)
        draw_text(canvas, fonts, self.t("hwtest.inputs", names=names),
                  (BODY.right, BODY.bottom - 96), theme.SMALL_SIZE, theme.TEXT_DIM, anchor="topright")
