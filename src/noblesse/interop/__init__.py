"""The games as standard research environments (the optional ``rl`` extra).

* ``noblesse.interop.pettingzoo``: ``env("guillotine", players=4)``, a PettingZoo AEC
  environment for every registered game, behaving as PettingZoo's classic games;
  ``noblesse.interop.gymnasium``: a single-agent Gymnasium environment
  (``gymnasium.make("noblesse/guillotine-v0")``) where the other seats are noblesse
  bots, policies or callables (self-play).
* ``noblesse.interop.openspiel``: every game registered as the OpenSpiel Python game
  ``python_noblesse_<id>`` (IS-MCTS, ``evaluate_bots``, the random simulation test),
  constant-sum, with the game's options as ``load_game`` parameters.
* ``noblesse.interop.render``: the ansi render, the game's own text table.
* ``noblesse.interop.compare``: ``noblesse bench compare``.

All of it speaks only the kernel contract (``noblesse.core.game.Game``), so a new
game package is an environment as soon as it is registered.

Observations (``noblesse.interop.encoding``)
--------------------------------------------
RL libraries want a fixed-size vector; ``encoding.observer(game_id, players)`` gives
every adapter its encoder, and ``Game.observation_spec()`` is the one place that
decides which:

* a game with a **designed observation** (an ``ObservationSpec``, in
  ``noblesse.games.<id>.observation``; today every game) gets it: the same size at every player count, seats
  relative to the observer, every slot in [-1, 1], written straight from the state
  as the seat may see it, documented field by field in ``docs/observations.md``
  (generated from the layouts by ``scripts/observation_tables.py``);
* a game without one (``GameBase.observation_spec`` returns ``None``: a new game
  package, until it designs its own) gets the generic encoder learnt from its views,
  below.

OpenSpiel also gets an information-state tensor (the observation and the seat's own
history; see ``noblesse.interop.openspiel``).

The generic encoder flattens the view:

* the *schema* (every path through the view, the longest list seen at each path,
  the strings seen at each path, the dict keys seen) is learnt once per
  (game, version, player count) from random playouts with a fixed seed (at least 8
  games, up to 60 or about 5,000 decisions), observing the acting seat's view at
  every decision, every seat's view at every 8th decision and at the end;
* numbers (and booleans as 0/1) take one slot each, clipped to +-1e6; ``None`` sets
  a "null" slot; a string is one-hot over the strings seen at its path, widened to
  the whole section of ``game.catalog()`` (if the game has one) or the whole action
  index when the seen strings belong to it, plus one "other" slot for strings never
  seen; a path with more than 64 distinct strings that are compounds (``"+queen@3"``)
  is one-hot per token position instead (``+``, ``queen``, ``@``, ``3``) when that
  is at least twice as compact; a list encodes its length, then (for a list of
  names) how many times each name occurs, then each position one-hot (padded to
  ``ceil(1.5 x longest seen) + 1``, at most 24 positions for a list of names; a list
  that always had the same length is not padded; longer lists are truncated);
  dict keys are walked in sorted order, keys never seen during exploration are
  ignored, and a key of the same kind as those seen (another seat, another card
  from the catalog) gets its slots even if random play never produced it.

It is deterministic and fixed-size for a given game version and player count, and
only ever encodes what ``view`` shows, so it cannot leak hidden information. Its
limits: a path, a string or a list length that random play never reached is
encoded only coarsely (the "other" slot, truncation); numbers are not normalised;
the vector is large and sparse (about 4,000 to 30,000 slots for today's games),
which suits generic learners
but is no substitute for a hand-made feature set; and the layout changes whenever
a game's data or view changes (it is keyed by the game's ``version``).
"""
