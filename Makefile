# make demo: a whole simulated event written to a workbook.
# make test: the test suite (what CI runs).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test bench clean

$(BIN)/bianpai: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.test-extras: $(BIN)/bianpai
	$(BIN)/pip install -q -e '.[test,addin]'
	touch $@

demo: $(BIN)/bianpai
	$(BIN)/bianpai demo

test: $(VENV)/.test-extras
	$(BIN)/python -m pytest; rc=$$?; if [ $$rc -eq 5 ]; then echo "no tests collected"; exit 0; fi; exit $$rc

bench: $(BIN)/bianpai
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) build *.egg-info
