"""A war's copy (``War.clone``, part of every state's clone) holds every field of the war,
its lists copied."""

from __future__ import annotations

from noblesse.games.conflicting_legends.rules import War


def test_a_copied_war_has_every_field_of_the_war_and_lists_of_its_own() -> None:
    war = War.__new__(War)
    for i, name in enumerate(War.__slots__):
        setattr(war, name, [i] if name in ("announced", "committed", "throws") else (i,))
    copy = war.clone()
    for name in War.__slots__:
        assert getattr(copy, name) == getattr(war, name), name
    for name in ("announced", "committed", "throws"):
        assert getattr(copy, name) is not getattr(war, name)
