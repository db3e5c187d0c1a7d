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

import copy
from dataclasses import dataclass, field
from typing import Any

import orjson

WHOLE = ("n", "seat", "over", "to_act", "legal")  # sent whole in every change
LOG = ("log_from", "log")  # the log's lines: only the new ones, in every message
MAX_OPS = 100  # more changes than this: the whole message is cheaper to send and apply
_KEYS = orjson.OPT_NON_STR_KEYS


_POINTERS: dict[str, str] = {}


def _pointer(key: Any) -> str:
    """``/key`` in a JSON Pointer (RFC 6901), ``~`` and ``/`` escaped, for a key as JSON
    writes it; remembered for text keys, since the same few come back in every message."""
    if type(key) is not str:  # an int key is written as its digits, a flag as true/false
        key = orjson.dumps(key).decode() if type(key) is bool else str(key)
    pointer = _POINTERS.get(key)
    if pointer is None:
        pointer = "/" + key.replace("~", "~0").replace("/", "~1")
        if len(_POINTERS) < 10_000:
            _POINTERS[key] = pointer
    return pointer


def _same(before: Any, after: Any) -> bool:
    """Whether two values would be sent as the same JSON. Python's ``==`` (in C, fast)
    settles most; where it says equal, containers are compared as JSON too, since
    ``True == 1`` and ``1 == 1.0`` in Python but not in JSON."""
    if before is after:
        return True
    kind = type(after)
    if kind is not type(before) or before != after:
        return False
    return kind not in (dict, list) or orjson.dumps(before, option=_KEYS) == \
        orjson.dumps(after, option=_KEYS)


def diff(before: Any, after: Any, path: str, ops: list[dict[str, Any]]) -> None:
    """Append to ``ops`` the JSON Patch operations that turn ``before`` into ``after``:
    objects key by key, lists of the same length item by item, anything else whole."""
    if not _same(before, after):
        _unequal(before, after, path, ops)


def _unequal(before: Any, after: Any, path: str, ops: list[dict[str, Any]]) -> None:
    kind = type(after)
    if kind is dict and type(before) is dict:
        for key, value in after.items():
            if key not in before:
                ops.append({"op": "add", "path": path + _pointer(key), "value": value})
            elif not _same(before[key], value):
                _unequal(before[key], value, path + _pointer(key), ops)
        for key in before:
            if key not in after:
                ops.append({"op": "remove", "path": path + _pointer(key)})
    elif kind is list and type(before) is list and len(before) == len(after):
        for i, (old, new) in enumerate(zip(before, after, strict=True)):
            if not _same(old, new):
                _unequal(old, new, f"{path}/{i}", ops)
    else:
        ops.append({"op": "replace", "path": path, "value": after})


def change_message(before: dict[str, Any], after: dict[str, Any], log_from: int,
                   log: list[Any], memo: dict[Any, Any] | None = None) -> dict[str, Any] | None:
    """The ``change`` from ``before`` to ``after`` (two messages to one seat, without
    their logs), or None when the whole message would be smaller.

    ``memo`` (one per version of a table) keeps the patch of each part, by the identity
    of its old and new value: parts that ``share`` made the same objects in every seat's
    message are compared once for all seats."""
    ops: list[dict[str, Any]] = []
    view_before = before.get("view")
    for key, value in after.items():
        if key in WHOLE or key in LOG or key == "type":
            continue
        if key not in before:
            ops.append({"op": "add", "path": _pointer(key), "value": value})
        elif key == "view" and type(value) is dict and type(view_before) is dict:
            for part, new in value.items():
                if part not in view_before:
                    ops.append({"op": "add", "path": "/view" + _pointer(part), "value": new})
                    continue
                old = view_before[part]
                if old is not new and (type(old) is not type(new) or old != new
                                       or type(new) in (dict, list)):
                    _part(old, new, "/view" + _pointer(part), ops, memo)
            ops.extend({"op": "remove", "path": "/view" + _pointer(part)}
                       for part in view_before if part not in value)
        else:
            _part(before[key], value, _pointer(key), ops, memo)
        if len(ops) > MAX_OPS:
            return None
    message = {"type": "change", "base": before["n"]}
    message.update((key, after[key]) for key in WHOLE)
    message.update(patch=ops, log_from=log_from, log=log)
    return message


def _part(before: Any, after: Any, path: str, ops: list[dict[str, Any]],
          memo: dict[Any, Any] | None) -> None:
    if memo is None or type(after) not in (dict, list):
        diff(before, after, path, ops)
        return
    key = (path, id(before), id(after))
    known = memo.get(key)
    if known is None:  # the old and new value are kept with it: their ids stay theirs
        known = memo[key] = (before, after, [])
        diff(before, after, path, known[2])
    ops.extend(known[2])


@dataclass
class SharedParts:
    """The parts of the messages ``share`` has made shared, for one version of a table."""

    by_path: dict[str, dict[bytes, Any]] = field(default_factory=dict)  # path -> JSON -> part
    by_id: dict[int, Any] = field(default_factory=dict)  # id -> part, of those shared here


def share(message: dict[str, Any], pool: SharedParts,
          earlier: SharedParts | None = None) -> None:
    """Replace each part of ``message`` (its top-level values and those of its view)
    that is the same JSON as in a message shared before with that very object: those of
    this version of the table (``pool``), then those of the version before (``earlier``).
    So the messages to every seat share what they all see, a part that did not change
    is the same object as before, and ``change_message`` compares only what changed,
    once for all seats."""
    view = message.get("view")
    for prefix, container in (("", message), ("/view", view)):
        if type(container) is not dict:
            continue
        for key, value in container.items():
            if type(value) not in (dict, list) or key in WHOLE or key in LOG or \
                    (prefix == "" and key == "view") or pool.by_id.get(id(value)) is value:
                continue  # not a part, or already shared (the same object in every seat's)
            path = prefix + _pointer(key)
            encoded = orjson.dumps(value, option=_KEYS)
            variants = pool.by_path.setdefault(path, {})
            known = variants.get(encoded, _MISSING)
            if known is _MISSING and earlier is not None:
                known = earlier.by_path.get(path, {}).get(encoded, _MISSING)
                if known is not _MISSING:
                    variants[encoded] = known
            if known is _MISSING:
                variants[encoded] = known = value
            else:
                container[key] = known
            pool.by_id[id(known)] = known


_MISSING = object()


class OutOfStep(ValueError):
    """A change that does not apply to the message held: ask for everything again."""


def _apply(doc: Any, op: dict[str, Any]) -> Any:
    """One ``add``, ``remove`` or ``replace`` operation (the ones ``diff`` makes) applied
    to ``doc`` in place; returns the document (a new one if the root was replaced)."""
    keys = [k.replace("~1", "/").replace("~0", "~") for k in op["path"].split("/")[1:]]
    if not keys:
        return op.get("value")
    parent = doc
    for key in keys[:-1]:
        parent = parent[int(key)] if isinstance(parent, list) else parent[key]
    last: Any = int(keys[-1]) if isinstance(parent, list) else keys[-1]
    if op["op"] == "remove":
        del parent[last]
    elif op["op"] == "add" and isinstance(parent, list):
        parent.insert(last, op["value"])
    else:
        parent[last] = op["value"]
    return doc


def follow(held: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any]:
    """A client's side, in Python: the whole ``state`` message that ``message`` stands
    for, given the whole message ``held`` before it (whose log it continues). ``held``
    is not changed. Raises ``OutOfStep`` if the change was made from another message."""
    if message["type"] == "state":
        return message
    if held is None or held["n"] != message["base"]:
        raise OutOfStep(f"a change from {message['base']}, but the client holds "
                        f"{None if held is None else held['n']}")
    after = held["log_from"] + len(held["log"])
    if message["log_from"] not in (0, after):
        raise OutOfStep(f"log lines from {message['log_from']}, but the client has {after}")
    doc: Any = {k: v for k, v in held.items() if k not in LOG}
    doc = copy.deepcopy(doc)
    for op in message["patch"]:
        doc = _apply(doc, op)
    doc.update((key, message[key]) for key in WHOLE)
    doc.update(type="state", log_from=message["log_from"], log=message["log"])
    return doc
