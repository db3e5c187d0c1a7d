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
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import orjson

WHOLE = ("n", "seat", "over", "to_act", "legal")  # sent whole in every change
LOG = ("log_from", "log")  # the log's lines: only the new ones, in every message
MAX_OPS = 100  # more changes than this: the whole message is cheaper to send and apply
# A changed part of at most this many bytes of JSON is replaced whole: finding the
# operations inside it would cost the server more than the few bytes they would save.
WHOLE_PART = 256
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
    return kind not in (dict, list) or orjson.dumps(before, option=_KEYS) == orjson.dumps(
        after, option=_KEYS
    )


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


_NONE: Mapping[str, bytes] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Encoded:
    """A message to one seat, without its log, as JSON part by part: each top-level
    value (``top``) and, when the view is an object, each value of the view (``view``),
    encoded once. Holding bytes rather than the message's objects, a message kept until
    the next change costs the garbage collector nothing. ``shared`` and ``view_shared``:
    the top-level values and the view's values told alike to every seat of one version
    of a table, one mapping each for all their messages, so that a change between two
    versions compares them once for all seats; ``top`` and ``view`` hold the rest."""

    top: dict[str, bytes]
    view: dict[Any, bytes] | None
    shared: Mapping[str, bytes]
    view_shared: Mapping[Any, bytes]

    def view_json(self) -> bytes:
        assert self.view is not None
        return (
            b"{"
            + b",".join(
                _name(key) + value
                for parts in (self.view_shared, self.view)
                for key, value in parts.items()
            )
            + b"}"
        )

    def whole_view(self) -> Mapping[Any, bytes]:
        """The view's values, shared and own, as one mapping."""
        assert self.view is not None
        return {**self.view_shared, **self.view} if self.view_shared else self.view

    def value(self, key: str) -> bytes:
        """A top-level value's JSON, its own or shared."""
        own = self.top.get(key)
        return own if own is not None else self.shared[key]

    def state_json(self, log_from: int, log: bytes) -> bytes:
        """The whole ``state`` message, with the log lines ``log`` (a JSON array)."""
        out = [b"{"]
        for key, value in self.shared.items():
            out += (_name(key), value, b",")
        for key, value in self.top.items():
            out += (_name(key), value, b",")
        if self.view is not None:
            out += (b'"view":', self.view_json(), b",")
        out += (b'"log_from":', str(log_from).encode(), b',"log":', log, b"}")
        return b"".join(out)


def kept_json(value: Any, option: int = _KEYS) -> bytes:
    """``orjson.dumps(value)`` for JSON that is kept, copied to its own size. orjson writes
    into a buffer of at least 4 KiB and returns it as it is, so a short value kept as it
    came would cost 4 KiB: the parts of a thousand tables' messages held hundreds of
    megabytes that way, and the first round of play after they all started spent
    seconds in page faults. A number, flag, null or short text is written once and its
    JSON shared (most of a message's parts are such: its number, a seat, a day)."""
    kind = type(value)
    if kind in _SCALAR:
        key = (kind, value)
        data = _SCALARS.get(key)
        if data is None:
            data = memoryview(orjson.dumps(value)).tobytes()
            if len(_SCALARS) < MAX_SCALARS and (kind is not str or len(value) <= 32):
                _SCALARS[key] = data
        return data
    return memoryview(orjson.dumps(value, option=option)).tobytes()


_SCALAR = frozenset({int, bool, str, type(None)})
_SCALARS: dict[tuple[type, Any], bytes] = {}  # by (type, value): True and 1 apart
MAX_SCALARS = 20_000


def encode_parts(values: Mapping[str, Any]) -> dict[str, bytes]:
    """Each value's JSON, by its key."""
    return {key: kept_json(value) for key, value in values.items()}


def encode(message: dict[str, Any], known: dict[int, bytes] | None = None) -> Encoded:
    """``message`` (its log left out) as an ``Encoded``, every top-level value its own."""
    own = {key: value for key, value in message.items() if key not in LOG and key != "view"}
    return encode_seat(_NONE, own, message.get("view"), known)


def encode_seat(
    shared: Mapping[str, bytes],
    own: Mapping[str, Any],
    view: Any,
    known: dict[int, bytes] | None = None,
    view_shared: Mapping[Any, bytes] = _NONE,
) -> Encoded:
    """A seat's message as an ``Encoded``: ``shared``, the JSON of the top-level values
    every seat is told alike (kept as it is, not copied), its ``own`` top-level values
    and its ``view``, less the parts in ``view_shared`` (the JSON of the view's values
    every seat is told alike: ``shared_view``). ``known``: the JSON of view parts
    already encoded, by their ``id``, to which this view's parts are added: whoever
    passes it keeps those values alive while using it (so no other object takes their
    ids), and a part that is the same object in several seats' views is encoded once."""
    top = encode_parts(own)
    if type(view) is not dict:
        if view is not None:
            top["view"] = kept_json(view)
        return Encoded(top, None, shared, _NONE)
    known = {} if known is None else known  # (the caller holds the view meanwhile)
    parts = {}
    for part, v in view.items():
        if part not in view_shared:
            parts[part] = _known_json(v, known)
    return Encoded(top, parts, shared, view_shared)


def _known_json(value: Any, known: dict[int, bytes]) -> bytes:
    """``kept_json(value)``, made once for every view that holds the same object."""
    data = known.get(id(value))
    if data is None:
        data = known[id(value)] = kept_json(value)
    return data


def shared_view(views: list[Any], known: dict[int, bytes]) -> Mapping[Any, bytes]:
    """The JSON of the parts that are the same object in every one of ``views`` (seats'
    views of one version of a table, made together: ``Game.views``), by key; added to
    ``known`` as ``encode_seat`` adds them. Empty unless every view is an object."""
    if not views or any(type(view) is not dict for view in views):
        return _NONE
    first, others = views[0], views[1:]
    parts = {}
    for part, v in first.items():
        for other in others:
            if other.get(part, _ABSENT) is not v:
                break
        else:
            parts[part] = _known_json(v, known)
    return parts


_ABSENT = object()


def change_json(
    before: Encoded,
    after: Encoded,
    log_from: int,
    log: bytes,
    memo: dict[Any, Any] | None = None,
) -> bytes | None:
    """The ``change`` from ``before`` to ``after`` (two messages to one seat) with the
    log lines ``log`` (a JSON array), or None when the whole message would be smaller.

    Parts are compared as JSON; ``memo`` (one per version of a table) keeps the patch of
    each changed part by its path and its old and new JSON, so a part every seat sees
    alike is compared once for all seats."""
    ops: list[bytes] = []
    count = 0
    if before.shared is not after.shared:
        count += _shared_parts(before.shared, after.shared, ops, memo)
    count += _parts(before.top, after.top, "", ops, memo, skip=_SENT_WHOLE)
    if before.view is not None and after.view is not None:
        if before.view_shared.keys() == after.view_shared.keys():
            if before.view_shared is not after.view_shared:
                count += _shared_parts(before.view_shared, after.view_shared, ops, memo, "/view")
            count += _parts(before.view, after.view, "/view", ops, memo)
        else:  # the parts told alike are not the same ones: compare them all
            count += _parts(before.whole_view(), after.whole_view(), "/view", ops, memo)
    elif after.view is not None:  # the view became an object (the other way, ``top`` has it)
        ops.append(b'{"op":"add","path":"/view","value":' + after.view_json() + b"}")
        count += 1
    if count > MAX_OPS:
        return None
    out = [b'{"type":"change","base":', before.value("n")]
    for key in WHOLE:
        out += (b",", _name(key), after.value(key))
    out += (
        b',"patch":[',
        b",".join(ops),
        b'],"log_from":',
        str(log_from).encode(),
        b',"log":',
        log,
        b"}",
    )
    return b"".join(out)


_SENT_WHOLE = frozenset(WHOLE) | {"type"}


def _shared_parts(
    before: Mapping[Any, bytes],
    after: Mapping[Any, bytes],
    ops: list[bytes],
    memo: dict[Any, Any] | None,
    prefix: str = "",
) -> int:
    """``_parts`` of two versions' shared values at ``prefix``, made once for all the
    seats that go from one to the other (``memo`` keeps it by the two mappings' ids: both
    are held by the messages compared while ``memo`` is in use)."""
    key = (id(before), id(after)) if not prefix else (id(before), id(after), prefix)
    known = memo.get(key) if memo is not None else None
    if known is None:
        found: list[bytes] = []
        skip = frozenset() if prefix else _SENT_WHOLE  # the values sent whole are top-level
        known = (_parts(before, after, prefix, found, memo, skip=skip), found)
        if memo is not None:
            memo[key] = known
    ops.extend(known[1])
    count: int = known[0]
    return count


def _parts(
    before: Mapping[Any, bytes],
    after: Mapping[Any, bytes],
    prefix: str,
    ops: list[bytes],
    memo: dict[Any, Any] | None,
    skip: frozenset[str] = frozenset(),
) -> int:
    """Append the patch of each part that changed from ``before`` to ``after`` (the
    parts of one object at ``prefix``); returns how many operations it made."""
    count = 0
    for key, new in after.items():
        if key in skip:
            continue
        old = before.get(key)
        if old is None:
            ops.append(b'{"op":"add","path":' + _path(prefix, key) + b',"value":' + new + b"}")
            count += 1
        elif old != new:
            if len(new) <= WHOLE_PART:
                ops.append(
                    b'{"op":"replace","path":' + _path(prefix, key) + b',"value":' + new + b"}"
                )
                count += 1
                continue
            path = prefix + _pointer(key)
            known = memo.get((path, old, new)) if memo is not None else None
            if known is None:
                found: list[dict[str, Any]] = []
                diff(orjson.loads(old), orjson.loads(new), path, found)
                known = (len(found), orjson.dumps(found, option=_KEYS)[1:-1])
                if memo is not None:
                    memo[(path, old, new)] = known
            count += known[0]
            ops.append(known[1])
    for key in before:
        if key not in after and key not in skip:
            ops.append(b'{"op":"remove","path":' + _path(prefix, key) + b"}")
            count += 1
    return count


_NAMES: dict[str, bytes] = {}


def _name(key: Any) -> bytes:
    """``"key":`` as JSON writes an object's key (an int as its digits, a flag as
    true/false); remembered for text keys, since the same few come back in every message."""
    if type(key) is not str:
        key = orjson.dumps(key).decode() if type(key) is bool else str(key)
    name = _NAMES.get(key)
    if name is None:
        name = orjson.dumps(key) + b":"
        if len(_NAMES) < 10_000:
            _NAMES[key] = name
    return name


def _path(prefix: str, key: Any) -> bytes:
    return orjson.dumps(prefix + _pointer(key))


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
        raise OutOfStep(
            f"a change from {message['base']}, but the client holds "
            f"{None if held is None else held['n']}"
        )
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
