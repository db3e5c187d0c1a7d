"""``core.frames``: what waits while a decision is asked comes off last first, and a
clone's copy never sees the original's pushes or pops."""

from __future__ import annotations

import pickle
from typing import NamedTuple

import pytest

from noblesse.core.frames import Frames


class Ask(NamedTuple):
    kind: str
    seat: int


def test_frames_come_off_the_last_pushed_first() -> None:
    frames: Frames[Ask] = Frames(Ask("purchase", 0))
    frames.push(Ask("income", 1), Ask("income", 2))
    assert len(frames) == 3 and frames.top() == Ask("income", 2)
    assert [frames.pop(), frames.pop()] == [Ask("income", 2), Ask("income", 1)]
    assert list(frames) == [Ask("purchase", 0)]
    assert frames.pop() == Ask("purchase", 0)
    assert not frames
    with pytest.raises(IndexError):
        frames.pop()


def test_a_copy_and_its_original_change_apart() -> None:
    original: Frames[Ask] = Frames(Ask("purchase", 0), Ask("offer", 0))
    copy = original.copy()
    copy.pop()
    copy.push(Ask("heir", 2))
    original.clear()
    assert list(copy) == [Ask("purchase", 0), Ask("heir", 2)]
    assert list(original) == []
    assert copy != original and copy == Frames(Ask("purchase", 0), Ask("heir", 2))


def test_frames_pickle_as_they_are_and_are_not_hashable() -> None:
    frames: Frames[Ask] = Frames(Ask("purchase", 0), Ask("offer", 3))
    assert pickle.loads(pickle.dumps(frames)) == frames
    with pytest.raises(TypeError):
        hash(frames)
