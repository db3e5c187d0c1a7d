# The two set-up commands of the README: `make run` and `make test`.
# Both create .venv on first use (Python 3.11+ is the only prerequisite).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-full typecheck mutate lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "noblesse needs Python 3.11+"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/noblesse serve --host 127.0.0.1 --port 8000

test: $(STAMP) typecheck
	$(BIN)/ruff check src tests scripts
	$(BIN)/ruff format --check src tests scripts
	$(BIN)/python -m pytest -n 2 --dist worksteal -m "not alone"
	$(BIN)/python -m pytest -m alone
	$(BIN)/python scripts/mutate.py --daily -n 15 --budget 120 --no-baseline

# The type checker, as configured in pyproject.toml ([tool.mypy]).
typecheck: $(STAMP)
	$(BIN)/python -m mypy

# Mutation testing of one game's rules (scripts/mutate.py): make mutate GAME=guillotine N=100
GAME ?= guillotine
N ?= 100
mutate: $(STAMP)
	$(BIN)/python scripts/mutate.py $(GAME) -n $(N)

# The same with the full test budgets (more seeds, examples and games; see tests/budget.py).
test-full: $(STAMP) typecheck
	$(BIN)/ruff check src tests scripts
	$(BIN)/ruff format --check src tests scripts
	$(BIN)/python -m pytest -n 2 --dist worksteal --full -m "not alone"
	$(BIN)/python -m pytest --full -m alone

bench: $(STAMP)
	$(BIN)/noblesse bench guillotine

clean:
	rm -rf $(VENV) var tests/artifacts
