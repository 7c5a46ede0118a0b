# Uno Academy: the two commands of the README's Quick start.
#   make run   creates .venv, installs the app (extra "app"), starts it on http://localhost:8501
#   make test  creates .venv, installs the app and its test tools (extra "test"), runs the suite
# Both install the app's packages at the versions of requirements.lock (`make lock` renews it).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
LOCK := requirements.lock
SUM := $(shell cat pyproject.toml $(LOCK) | cksum | cut -d' ' -f1)
APP_STAMP := $(VENV)/.installed-app-$(SUM)
TEST_STAMP := $(VENV)/.installed-test-$(SUM)

.PHONY: run test lint bench fast lock screenshots axe clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# A stamp per extra and per content of pyproject.toml + the lock: a change reinstalls.
$(APP_STAMP): pyproject.toml $(LOCK) | $(BIN)/python
	$(BIN)/python -m pip install --quiet --constraint $(LOCK) -e '.[app]'
	rm -f $(VENV)/.installed-app-*
	touch $@

# The test extra includes the app, so it also stands for the app's stamp.
$(TEST_STAMP): pyproject.toml $(LOCK) | $(BIN)/python
	$(BIN)/python -m pip install --quiet --constraint $(LOCK) -e '.[test]'
	rm -f $(VENV)/.installed-*
	touch $@ $(APP_STAMP)

run: $(APP_STAMP)
	$(BIN)/uno-academy --server.port 8501

# The suite on every core, a test file per worker at a time (its browser server started once),
# in the order of the collection (conftest.py puts the long browser files first).
test: $(TEST_STAMP)
	$(BIN)/python -m pytest -n auto --dist loadfile --no-loadscope-reorder

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: $(TEST_STAMP)
	$(BIN)/python benchmarks/engine.py

# Optional: compiles the simulations' inner loop (uno/fast.py) with mypyc, from the test extra's
# mypy, beside its source (a C compiler and Python's headers needed). The pure-Python module
# stays the fallback and plays the same seeded games; `make clean` removes the compiled one.
fast: $(TEST_STAMP)
	$(BIN)/mypyc uno/fast.py

# Renews requirements.lock: the newest versions that pyproject.toml's "app" extra allows, for
# every platform and Python 3.11+. Commit it once `make test` passes with it.
lock: | $(BIN)/python
	$(BIN)/python -m pip install --quiet 'uv>=0.5,<1'
	$(BIN)/uv pip compile pyproject.toml --extra app --universal --python-version 3.11 \
		--custom-compile-command "make lock" --quiet --upgrade --output-file $(LOCK)

screenshots: $(TEST_STAMP)
	$(BIN)/python -m tests.screenshots

# The accessibility test's engine (tests/vendor/axe-core/): the npm package's axe.min.js and its
# licences, at AXE_VERSION (then update the version and sha256 in its README).
AXE_VERSION ?= 4.14.1
axe:
	cd $$(mktemp -d) && npm pack --silent axe-core@$(AXE_VERSION) && tar xzf axe-core-*.tgz \
		&& cp package/axe.min.js package/LICENSE package/LICENSE-3RD-PARTY.txt $(CURDIR)/tests/vendor/axe-core/
	sha256sum tests/vendor/axe-core/axe.min.js

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info uno/*.so .mypyc
