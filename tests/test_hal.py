"""The hardware layer's input logic: debounce, hold, and one entry point for every backend."""

from __future__ import annotations

import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hw.controls import Control, ControlEvent, Kind
from hw.filters import ButtonFilter
from hw.inputs import ControlInput
from hw.keyboard import KEY_FOR, control_for_key

PRESS, RELEASE, HOLD = Kind.PRESS, Kind.RELEASE, Kind.HOLD


# --- ButtonFilter: pure, time passed in -------------------------------------------------------

def test_clean_press_and_release_are_reported_at_once():
    f = ButtonFilter(debounce=0.03, hold_time=0.8)
    assert f.edge(True, 1.0) == [PRESS]
    assert f.edge(False, 1.2) == [RELEASE]


def test_contact_bounce_within_the_debounce_time_gives_one_press():
    f = ButtonFilter(debounce=0.03, hold_time=0.8)
    events = f.edge(True, 0.0) + f.edge(False, 0.002) + f.edge(True, 0.004) + f.edge(False, 0.009)
    events += f.edge(True, 0.012) + f.poll(0.05)
    assert events == [PRESS]
    assert f.pressed


def test_release_during_the_lockout_is_reported_when_it_ends():
    f = ButtonFilter(debounce=0.03, hold_time=0.8)
    f.edge(True, 0.0)
    assert f.edge(False, 0.01) == []
    assert f.deadline() == pytest.approx(0.03)
    assert f.poll(0.03) == [RELEASE]


def test_hold_fires_once_after_the_hold_time():
    f = ButtonFilter(debounce=0.03, hold_time=0.8)
    f.edge(True, 0.0)
    assert f.poll(0.79) == []
    assert f.poll(0.8) == [HOLD]
    assert f.poll(5.0) == []
    assert f.edge(False, 6.0) == [RELEASE]
    assert f.held


def test_no_hold_when_released_before_the_hold_time():
    f = ButtonFilter(debounce=0.03, hold_time=0.8)
    f.edge(True, 0.0)
    f.edge(False, 0.5)
    assert f.poll(2.0) == []
    assert not f.held


def test_a_new_press_forgets_the_previous_hold():
    f = ButtonFilter(debounce=0.0, hold_time=0.5)
    f.edge(True, 0.0)
    f.poll(0.6)
    f.edge(False, 0.7)
    f.edge(True, 0.8)
    assert not f.held
    assert f.poll(1.29) == [] and f.poll(1.3) == [HOLD]


def test_zero_debounce_reports_every_edge():
    f = ButtonFilter(debounce=0.0, hold_time=0.8)
    events = [k for t, level in enumerate([True, False, True, False]) for k in f.edge(level, t * 1e-4)]
    assert events == [PRESS, RELEASE, PRESS, RELEASE]


def test_bad_timings_are_refused():
    with pytest.raises(ValueError):
        ButtonFilter(debounce=-1, hold_time=0.8)
    with pytest.raises(ValueError):
        ButtonFilter(debounce=0.01, hold_time=0)


edges = st.lists(st.tuples(st.booleans(), st.floats(0.0001, 1.5)), max_size=60)


@given(edges, st.sampled_from([0.0, 0.01, 0.03, 0.1]), st.sampled_from([0.2, 0.8]))
@settings(max_examples=400)
def test_any_edge_sequence_gives_well_formed_events(sequence, debounce, hold_time):
    """Presses and releases alternate, at most one HOLD per press and only while pressed,
    and once things settle the reported level is the real level."""
    f = ButtonFilter(debounce, hold_time)
    now, events, level = 0.0, [], False
    for pressed, gap in sequence:
        now += gap
        events += f.poll(now) + f.edge(pressed, now)
        level = pressed
    events += f.poll(now + 10) + f.poll(now + 20)
    down, held = False, False
    for kind in events:
        if kind is PRESS:
            assert not down
            down, held = True, False
        elif kind is RELEASE:
            assert down
            down = False
        else:
            assert down and not held
            held = True
    assert f.pressed == level == down


def test_a_lock_out_polled_late_settles_when_it_ended():
    """Nobody polled when the lock-out after a quick tap ended (the app's loop was busy):
    the release still counts from the lock-out's end, so the next press is a press."""
    f = ButtonFilter(debounce=0.03, hold_time=0.2)
    assert f.edge(True, 0.0) == [PRESS]
    assert f.edge(False, 0.01) == []  # within the lock-out
    assert f.edge(True, 1.0) == [RELEASE, PRESS]  # the release at 0.03, then this press
    assert f.poll(1.1) == [] and f.poll(1.2) == [HOLD]


def test_a_release_stamped_before_the_hold_time_is_a_tap_however_late_it_comes():
    f = ButtonFilter(debounce=0.0, hold_time=0.8)
    f.edge(True, 10.0)
    assert f.edge(False, 10.5) == [RELEASE] and not f.held  # handed in at 12.5: no matter


def test_time_never_goes_back_for_one_button():
    """A hold already sent stands: an edge stamped before it counts as happening then."""
    f = ButtonFilter(debounce=0.0, hold_time=0.8)
    f.edge(True, 0.0)
    assert f.poll(0.9) == [HOLD]
    assert f.edge(False, 0.5) == [RELEASE] and f.held


# --- ControlInput: every backend's edges, one sink --------------------------------------------

class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


@pytest.fixture
def manual():
    clock, events = Clock(), []
    control_input = ControlInput(events.append, hold_time=0.5, clock=clock, threaded=False)
    return control_input, clock, events


def test_events_carry_control_kind_and_source(manual):
    control_input, clock, events = manual
    control_input.raw(Control.OK, True, "gpio", debounce=0.03)
    clock.now += 0.1
    control_input.raw(Control.OK, False, "gpio", debounce=0.03)
    assert events == [ControlEvent(Control.OK, PRESS, "gpio"), ControlEvent(Control.OK, RELEASE, "gpio")]


def test_release_after_a_hold_says_so(manual):
    control_input, clock, events = manual
    control_input.raw(Control.SEAT3, True, "keyboard")
    clock.now += 0.6
    assert control_input.pump() is None
    control_input.raw(Control.SEAT3, False, "keyboard")
    assert [e.kind for e in events] == [PRESS, HOLD, RELEASE]
    assert events[-1].after_hold
    control_input.raw(Control.SEAT3, True, "keyboard")
    control_input.raw(Control.SEAT3, False, "keyboard")
    assert not events[-1].after_hold  # a tap


def test_pump_reports_the_next_deadline(manual):
    control_input, clock, _ = manual
    assert control_input.pump() is None
    control_input.raw(Control.UP, True, "gpio", debounce=0.03)
    assert control_input.pump() == pytest.approx(clock.now + 0.03)
    clock.now += 0.03
    assert control_input.pump() == pytest.approx(clock.now - 0.03 + 0.5)


def test_an_edge_is_timed_by_when_it_happened(manual):
    """A backend handing an edge in late says how long ago it happened (gpiozero's stamp, the
    hub line's arrival, SDL's pump): a release 0.3 s after its press, handed in 0.9 s after
    it, is a tap; a press 0.6 s old is already held."""
    control_input, clock, events = manual
    control_input.raw(Control.OK, True, "gpio")
    clock.now += 0.9
    control_input.raw(Control.OK, False, "gpio", age=0.6)
    assert [e.kind for e in events] == [PRESS, RELEASE] and not events[-1].after_hold
    control_input.raw(Control.BACK, True, "gpio", age=0.6)
    assert control_input.pump() is None
    assert [e.kind for e in events[2:]] == [PRESS, HOLD]


@pytest.mark.parametrize("age", [-1.0, 99.0])
def test_an_age_that_cannot_be_right_counts_as_now(manual, age):
    control_input, clock, events = manual
    control_input.raw(Control.OK, True, "gpio", age=age)
    assert control_input.deadline() == pytest.approx(clock.now + 0.5)


def test_sources_are_filtered_independently(manual):
    control_input, clock, events = manual
    control_input.raw(Control.OK, True, "gpio", debounce=0.05)
    control_input.raw(Control.OK, True, "keyboard")
    control_input.raw(Control.OK, False, "keyboard")
    assert [(e.source, e.kind) for e in events] == [("gpio", PRESS), ("keyboard", PRESS),
                                                    ("keyboard", RELEASE)]
    assert control_input.is_pressed(Control.OK)  # the GPIO button is still down
    assert not control_input.is_pressed(Control.BACK)


def test_timer_thread_sends_the_hold_by_itself():
    got_hold = threading.Event()
    control_input = ControlInput(lambda e: e.kind is HOLD and got_hold.set(), hold_time=0.1)
    try:
        control_input.raw(Control.OK, True, "gpio")
        assert got_hold.wait(5)
    finally:
        control_input.close()
    assert not control_input._thread.is_alive()


def test_every_control_has_a_key_and_the_keys_map_back():
    for control in Control:
        if control is Control.POINTER:
            continue
        assert control_for_key(KEY_FOR[control]) is control
    assert control_for_key("Return") is Control.OK
    assert control_for_key("f12") is None


def test_control_names_parse_and_seats_number():
    assert Control.parse(" seat3 ") is Control.SEAT3 and Control.SEAT3.seat == 3
    assert Control.OK.seat is None
    with pytest.raises(ValueError):
        Control.parse("SEAT9")
