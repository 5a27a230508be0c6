"""The one link between any game's screens and its rules: the stored session, the state rebuilt
from it, and the views the screens draw.

Screens get views (``view(seat)``; ``seat=None`` is what the whole table may see), the legal
decisions and the outcome, never the state. Every confirmed decision is stored (committed) before
the state moves on; an undo is stored as a marker, so a restart rebuilds exactly what the table
saw. The states already passed through are kept (companion/timeline.py): an undo replays none
of the game. A kept game's timeline end is stored beside its log now and then, when nobody waits
(a snapshot, storage/snapshots.py): a resume replays only the decisions stored after it.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from companion.names import drawable
from companion.rng import SCHEME, Seed
from companion.rules import Outcome, Rules
from companion.session import UNDO, Session, effective
from companion.timeline import Timeline, Unread
from storage import snapshots
from storage.store import SaveFailed

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 8
"""Decisions stored between two snapshots: a resume replays fewer than these."""


def table_names(app, players: int) -> list[str]:
    """The names of a new game's seats: the config's roster, then "Player n"."""
    roster = app.config.roster
    return [roster[s - 1] if s <= len(roster) else app.t("setup.seat_name", n=s)
            for s in range(1, players + 1)]


class SeatNames:
    """The players' names, kept in the session config (seat n is ``names[n - 1]``); a stored
    name that cannot be drawn (kept before names were checked) is shown as "Player n"."""

    session: Session

    @property
    def names(self) -> list[str]:
        return [n if drawable(n) else self.app.t("setup.seat_name", n=seat)
                for seat, n in enumerate(self.session.config["names"], 1)]

    @property
    def players(self) -> int:
        return len(self.names)

    def name(self, seat: int) -> str:
        return self.names[seat - 1]


class _GameId:
    """``game_id`` read from the class's rules, on the class as on its instances."""

    def __get__(self, obj, cls) -> str:
        return cls.rules.game_id


class SessionController(SeatNames):
    """One stored game being played; subclasses set ``rules`` and may narrow ``undoable``;
    a game whose players look at their own hidden things names the stored type of a look
    (``look_type``): an undo takes back the step before the looks, never a look."""

    rules: Rules
    game_id = _GameId()
    look_type: str | None = None

    def __init__(self, app, session: Session, checked: bool = False, rehearsal: bool = False):
        """``checked``: replay the stored decisions checking each (a finished game may come
        from a backup, whose decisions no rules checked); a kept game's were checked as they
        were played, on this device: its replay trusts them. ``rehearsal``: made only to draw
        its screen where nobody sees it (``Screen.rehearsals``): it stores no snapshot."""
        self.app, self.session = app, session
        self._timeline = self._resumed() if session.snapshot is not None else Timeline(
            self.rules, session, checked=checked)  # the one replay
        self._views: dict[int | None, Any] = {}
        self._legal: tuple | None = None
        self._offered: frozenset[type] | None = None
        self._snapshot_rows = self.session.unread  # the rows the stored snapshot covers
        self._snapshot_asked = checked or rehearsal  # a finished game keeps none: never asked
        self._dice: tuple[int, dict | None] | None = None  # (log rows, dice_record()) once made
        self._dice_asked = False
        self._snapshot_if_due()

    def _resumed(self) -> Timeline:
        """The timeline from the session's snapshot and the decisions stored after it; if that
        fails, from the whole log replayed."""
        try:
            timeline = Timeline.resumed(self.rules, self.session.snapshot, self.session)
        except Exception as exc:  # a cache must never cost a game: the log is the truth
            log.warning("session %s: snapshot not used (%s)", self.session.id,
                        type(exc).__name__)
            return self._read_whole()
        self.session = replace(self.session, snapshot=None)
        return timeline

    def _read_whole(self) -> Timeline:
        """Read the whole log and replay it (a resumed timeline does not reach back far
        enough)."""
        log.info("session %s: whole log read", self.session.id)
        self.session = self.app.store.load(self.session.id)
        return Timeline(self.rules, self.session)

    def _snapshot_if_due(self) -> None:
        """Once ``SNAPSHOT_EVERY`` decisions were stored since the stored snapshot (or a resume
        replayed as many), store one when nobody waits."""
        if (not self._snapshot_asked and self.session.id is not None
                and self.session.rows - self._snapshot_rows >= SNAPSHOT_EVERY):
            self._snapshot_asked = True
            self.app.when_idle(self._keep_snapshot)

    def _keep_snapshot(self) -> None:
        """Store the timeline's end as the session's snapshot (a cache: when it cannot be
        stored, the next resume replays more)."""
        self._snapshot_asked = False
        rows = self.session.rows
        data = snapshots.encode(self._timeline.snapshot(rows), self.session.game,
                                self.session.seed)
        try:
            self.app.store.keep_snapshot(self.session.id, rows, data)
        except SaveFailed as exc:
            log.warning("session %s: snapshot not stored (%s)", self.session.id, exc.reason)
            return
        self._snapshot_rows = rows

    @classmethod
    def create(cls, app, config: dict[str, Any]):
        """A new game with a fresh seed, stored before anything is played."""
        seed = app.new_seed()
        progress = cls.rules.progress(cls.rules.initial(config, Seed(seed, SCHEME)))
        return cls(app, app.store.create_session(cls.rules.game_id, config, seed, progress))

    # --- what the screens may read ------------------------------------------------------------
    def view(self, seat: int | None = None):
        """What ``seat`` may know (None: the whole table); made once per state, as a frame asks
        for it many times."""
        if seat not in self._views:
            self._views[seat] = self.rules.view(self._state, seat)
        return self._views[seat]

    @property
    def _state(self):
        """The game now: the timeline's last state."""
        return self._timeline.state

    def legal(self) -> tuple:
        """What the rules allow now; worked out once per state (a screen may ask when it
        builds and when it refreshes)."""
        if self._legal is None:
            self._legal = tuple(self.rules.legal(self._state))
        return self._legal

    def offered(self) -> frozenset[type]:
        """The kinds of decision the rules allow now (which buttons to show), once per state;
        from ``legal`` when that is known already."""
        if self._offered is None:
            self._offered = (frozenset(map(type, self._legal)) if self._legal is not None
                             else self.rules.offered(self._state))
        return self._offered

    def is_legal(self, decision) -> bool:
        return self.rules.is_legal(self._state, decision)

    def outcome(self) -> Outcome:
        return self.rules.outcome(self._state)

    # --- changing the game --------------------------------------------------------------------
    def _set_state(self, state) -> None:
        """Put ``state`` in place as the game now (tests: a position play would take long to
        reach); the decisions kept are not changed."""
        self._timeline.state = state
        self._forget_views()

    def _forget_views(self) -> None:
        """The state moved on: the views and legal decisions made for the old one are stale."""
        self._views, self._legal, self._offered = {}, None, None

    def confirm(self, decision) -> None:
        """Check, store (committed), apply; an IllegalDecision leaves nothing stored."""
        new = self.rules.apply(self._state, decision)
        self.session = self.app.store.append(self.session, self.rules.encode(decision),
                                             self.rules.progress(new))
        log.info("session %s: decision %d stored", self.session.id, self.session.rows)
        self._timeline.extend(self.session.decisions[-1], new)
        self._forget_views()
        self._snapshot_if_due()

    def undoable(self, stored: dict[str, Any]) -> bool:
        """Whether the stored decision ``stored`` may be taken back at the table (all may,
        unless a game says otherwise)."""
        return True

    @property
    def standing(self) -> tuple:
        """The standing decisions (stored forms): ``effective(session.decisions)``, as kept;
        after a resume from a snapshot, the last of them (at least ``timeline.KEPT - 1`` times
        ``timeline.EVERY``)."""
        return tuple(self._timeline.standing)

    def split_looks(self) -> tuple[tuple, tuple]:
        """The standing decisions before the looks made since the last step, and those looks
        (a look is never taken back: an undo takes back the step before it)."""
        standing = self.standing
        end = len(standing)
        while end and self.look_type and standing[end - 1]["type"] == self.look_type:
            end -= 1
        if end == 0 and self._timeline.first:  # only looks held: the step is further back
            self._timeline = self._read_whole()
            return self.split_looks()
        return standing[:end], standing[end:]

    @property
    def can_undo(self) -> bool:
        steps, _ = self.split_looks()
        return bool(steps) and self.undoable(steps[-1])

    def undo(self) -> None:
        """Take back the last standing decision (undo markers are stored in one transaction;
        the state comes from the kept checkpoints, not a replay)."""
        if not self.can_undo:
            return
        markers = self.undo_markers()
        timeline = self._timeline.rewound(effective(markers, self._timeline.standing))
        self.session = self.app.store.append_all(self.session, markers,
                                                 self.rules.progress(timeline.state))
        log.info("session %s: undo stored", self.session.id)
        self._timeline = timeline
        self._forget_views()
        self._snapshot_if_due()

    def state_before(self, k: int = 1):
        """The state before the last ``k`` standing decisions (for an undo's preview), from the
        kept checkpoints."""
        try:
            return self._timeline.before(k)
        except Unread:
            self._timeline = self._read_whole()
            return self._timeline.before(k)

    def undo_markers(self) -> list[dict[str, Any]]:
        """Undo markers for the looks made since the last step and for the step, then those
        looks again: the step is taken back, the looks stay on record."""
        _, looks = self.split_looks()
        return [{"type": UNDO}] * (len(looks) + 1) + [dict(look) for look in looks]

    def finish(self) -> None:
        """Close the game: it leaves the resume list and enters History with its outcome, the
        players' names and, for a game with dice, what its dice came to (``dice``: the
        fingerprint the game's end shows, and each colour's faces for statistics)."""
        result = {**self.outcome().result, "names": self.names}
        dice = self.dice_record()
        if dice is not None:
            result["dice"] = dice
        self.app.store.finish(self.session, result)

    def dice_record(self) -> dict[str, Any] | None:
        """The game's dice audited from its whole log (companion/dice_audit.py; a replay,
        ~30 M instructions: made once per log length); None for a game that rolls none."""
        known = self.known_dice_record()
        if known is not False:
            return known
        if not getattr(self.rules, "rolls_dice", False):  # (no replay at a Citadels end)
            return None
        from companion import dice_audit  # deferred: only at a game's end

        session = self.app.store.load(self.session.id) if self.session.unread else self.session
        found = dice_audit.audit(self.rules, session, checked=False)  # (checked when made)
        record = {"fingerprint": found["fingerprint"], "faces": found["faces"]} \
            if found["faces"] else None
        self._dice = (self.session.rows, record)
        return record

    def known_dice_record(self):
        """``dice_record()`` if made for the log as it is, else False."""
        known = self._dice
        return known[1] if known is not None and known[0] == self.session.rows else False

    def dice_record_soon(self):
        """``known_dice_record()``; when it is not made yet, it is made while nobody waits
        (then a frame), once asked."""
        known = self.known_dice_record()
        if known is False and not self._dice_asked:
            self._dice_asked = True
            self.app.when_idle(self._make_dice_record)
        return known

    def _make_dice_record(self) -> None:
        self._dice_asked = False
        self.dice_record()
        self.app.dirty = True
