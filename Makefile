# Two commands do everything on a fresh machine: `make play` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
HASH := $(shell cat pyproject.toml | sha1sum | cut -c1-12)
# Two installs: the app alone (`make play`: the web extra, a fraction of the size) and everything the
# tests, the benchmarks and the cluster need (`make install`, `make test`).
STAMP := $(VENV)/.installed-$(HASH)
APP_STAMP := $(VENV)/.installed-app-$(HASH)

.PHONY: play test fuzz lint bench install clean browser

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[web,dev,rl,dist]"
	$(BIN)/python -m poolhall.physics.warm  # compile the simulator now, not in a player's first turn
	touch $(STAMP) $(APP_STAMP)

$(APP_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[web]"
	$(BIN)/python -m poolhall.physics.warm
	touch $(APP_STAMP)

install: $(STAMP)

play: $(APP_STAMP)
	@echo "the command line is $(BIN)/poolhall (or: source $(BIN)/activate, then poolhall)"
	$(BIN)/poolhall play

lint: install
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

# The browser tests drive /usr/bin/chromium. On Debian as root it is installed; anywhere else the
# command to run is printed and the browser tests are left out (said again at the end), not failed.
# (The variables are there so tests/test_makefile.py can try each case without root or a network.)
APT ?= apt-get
CHROMIUM ?= /usr/bin/chromium
DEBIAN ?= /etc/debian_version
USER_ID ?= $(shell id -u)

browser:
	@if [ ! -x $(CHROMIUM) ]; then \
		if [ -f $(DEBIAN) ] && [ "$(USER_ID)" = 0 ]; then \
			echo "installing Debian's chromium for the browser tests"; \
			$(APT) update -qq && $(APT) install -y -qq chromium >/dev/null; \
		elif [ -f $(DEBIAN) ]; then \
			echo "the browser tests need Chromium: sudo apt-get install chromium (then make test again)"; \
		else \
			echo "the browser tests need Chromium at /usr/bin/chromium: install it with your system's packages"; \
		fi; \
	fi

# The property tests draw the same examples on every run here (tests/conftest.py says why); `make fuzz`
# draws new ones, ROUNDS times over every property test but the browser's, and stops at the first failure.
test: install browser
	$(MAKE) lint
	@if [ -x $(CHROMIUM) ]; then $(BIN)/pytest -q --hypothesis-profile=repeatable; else \
		$(BIN)/pytest -q --hypothesis-profile=repeatable -m "not browser" && \
		echo "passed, without the browser tests: $(CHROMIUM) is missing"; fi

ROUNDS ?= 20
fuzz: install
	@for round in $$(seq $(ROUNDS)); do \
		echo "fuzz round $$round of $(ROUNDS)"; \
		$(BIN)/pytest -q -x -m "hypothesis and not browser" || exit 1; \
	done

bench: install
	$(BIN)/poolhall bench physics

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .ruff_cache
