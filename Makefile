# Uno Academy: the two commands of the README's Quick start.
#   make run   creates .venv, installs the app, starts it on http://localhost:8501
#   make test  creates .venv, installs the app and its test tools, runs the whole suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: run test lint bench screenshots clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/streamlit run app.py --server.port 8501 --browser.gatherUsageStats false

test: $(STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py

screenshots: $(STAMP)
	$(BIN)/python -m tests.screenshots

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
