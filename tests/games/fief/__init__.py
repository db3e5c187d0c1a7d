"""Fief tests: the data layer (map, kits, pools, decks) and, later, rule scenarios."""
