"""What changed between two messages to one seat: a ``change`` message.

After the first whole ``state`` message on a connection, the server sends only what
changed since the message that connection was last sent::

    {"type": "change", "base": 41, "n": 42, "seat": 0, "over": false, "to_act": [1],
     "legal": [...], "patch": [{"op": "replace", "path": "/view/line/0", "value": "x"}],
     "log_from": 97, "log": [...]}

``n``, ``seat``, ``over``, ``to_act`` and ``legal`` come whole (they are small, and a
client needs them at once); everything else is a JSON Patch (RFC 6902) from the
previous message to the new one; the log, as in a ``state`` message, holds only the
lines after ``log_from``. A client applies the patch to the message it holds after
checking that it holds the message with ``n == base`` and ``log_from`` log lines;
otherwise it asks for everything again (``{"type": "sync"}``).

A patch is computed from two messages that were each built only from what the seat
may know, so it tells the seat nothing more than the two messages would.
"""

from __future__ import annotations

from typing import Any

WHOLE = ("n", "seat", "over", "to_act", "legal")  # sent whole in every change
LOG = ("log_from", "log")  # the log's lines: only the new ones, in every message
MAX_OPS = 100  # more changes than this: the whole message is cheaper to send and apply


def _pointer(key: Any) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def diff(before: Any, after: Any, path: str, ops: list[dict[str, Any]]) -> None:
    """Append to ``ops`` the JSON Patch operations that turn ``before`` into ``after``:
    objects key by key, lists of the same length item by item, anything else whole."""
    if before is after:
        return
    kind = type(after)
    if kind is not type(before):
        ops.append({"op": "replace", "path": path, "value": after})
    elif kind is dict:
        for key, value in after.items():
            if key in before:
                diff(before[key], value, f"{path}/{_pointer(key)}", ops)
            else:
                ops.append({"op": "add", "path": f"{path}/{_pointer(key)}", "value": value})
        for key in before:
            if key not in after:
                ops.append({"op": "remove", "path": f"{path}/{_pointer(key)}"})
    elif kind is list and len(before) == len(after):
        for i, (old, new) in enumerate(zip(before, after, strict=True)):
            diff(old, new, f"{path}/{i}", ops)
    elif before != after:
        ops.append({"op": "replace", "path": path, "value": after})


def change_message(before: dict[str, Any], after: dict[str, Any], log_from: int,
                   log: list[Any]) -> dict[str, Any] | None:
    """The ``change`` from ``before`` to ``after`` (two messages to one seat, without
    their logs), or None when the whole message would be smaller."""
    ops: list[dict[str, Any]] = []
    for key, value in after.items():
        if key in WHOLE or key in LOG or key == "type":
            continue
        if key in before:
            diff(before[key], value, f"/{_pointer(key)}", ops)
        else:
            ops.append({"op": "add", "path": f"/{_pointer(key)}", "value": value})
        if len(ops) > MAX_OPS:
            return None
    message = {"type": "change", "base": before["n"]}
    message.update((key, after[key]) for key in WHOLE)
    message.update(patch=ops, log_from=log_from, log=log)
    return message
