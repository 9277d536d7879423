"""Helpers for the match tests: shot facts in a few words, and a scripted player."""

from __future__ import annotations

from collections.abc import Iterable

from poolhall.rules.model import Call, Pocketed, RailContact, Shot


def facts(
    first: Iterable[int] = (),
    rails: Iterable[tuple[int, str]] = (),
    pocketed: Iterable[tuple[int, str]] = (),
    off: Iterable[int] = (),
    call: Call | str | None = None,
    **more: object,
) -> Shot:
    """Facts: first contact, rail contacts (ball, rail), pocketed (ball, pocket), off-table balls."""
    first = tuple(first)
    drops = tuple(Pocketed(b, p, direct=(first == (b,) and not rails)) for b, p in pocketed)
    return Shot(
        call=call,  # type: ignore[arg-type]
        first_contact=first,
        rail_contacts=tuple(RailContact(b, r) for b, r in rails),
        pocketed=drops,
        off_table=tuple(off),
        **more,  # type: ignore[arg-type]
    )
