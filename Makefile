# Two commands do everything on a fresh machine: `make play` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | sha1sum | cut -c1-12)

.PHONY: play test lint bench install clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[web,dev,rl,dist]"
	$(BIN)/python -m poolhall.physics.warm  # compile the simulator now, not in a player's first turn
	touch $(STAMP)

install: $(STAMP)

play: install
	$(BIN)/poolhall play

lint: install
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

test: install
	@if [ -n "$$(grep -rl 'mark.browser' tests 2>/dev/null)" ] && [ ! -x /usr/bin/chromium ]; then \
		echo "installing Debian's chromium for the browser tests"; \
		apt-get update -qq && apt-get install -y -qq chromium >/dev/null; \
	fi
	$(MAKE) lint
	$(BIN)/pytest -q

bench: install
	$(BIN)/poolhall bench physics

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .ruff_cache
