# make demo: a whole simulated event written to a workbook.
# make test: the static checks (make lint) and the test suite (what CI runs).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test bench clean copy-shared lint render-tools test-addin-xlwings

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

# The suite on every core (pytest-xdist): each worker takes the tests in file order and
# steals from the other when it runs out, so a slow file at the end keeps no core idle.
# TEST_WORKERS=0 runs it in one process; a single test file is quicker without workers.
# Byte code is written even where PYTHONDONTWRITEBYTECODE is set (empty = unset): pytest
# keeps each test module's rewritten asserts there, which costs every worker 2.3 s to redo.
TEST_WORKERS ?= auto

test: $(VENV)/.test-extras lint render-tools
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal; rc=$$?; if [ $$rc -eq 5 ]; then echo "no tests collected"; exit 0; fi; exit $$rc

bench: $(BIN)/bianpai
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) build *.egg-info

# Copy the steering repository's reference data, specs and seeds in again
# (after ../shared was revised); tests/test_data_copy.py checks the copy.
copy-shared:
	rm -rf tests/data/conformance docs/spec docs/seeds
	mkdir -p tests/data docs
	cp -r ../shared/conformance tests/data/conformance
	cp -r ../shared/spec docs/spec
	cp -r ../shared/seeds docs/seeds
	chmod -R u+w tests/data docs/spec docs/seeds

# Static checks: ruff over the tree, mypy --strict on the engine, mypy on the
# workbook layer, then the import contract (pyproject.toml [tool.importlinter]).
# mypy and lint-imports read the package as installed (bianpai.engine,
# bianpai.addin) through links under build/typecheck: grimp needs a regular
# root package, which the editable install's path mapping does not give it.
lint: $(VENV)/.test-extras
	mkdir -p build/typecheck/bianpai
	ln -sfn ../../../engine build/typecheck/bianpai/engine
	ln -sfn ../../../addin build/typecheck/bianpai/addin
	touch build/typecheck/bianpai/__init__.py
	$(BIN)/ruff check .
	$(BIN)/mypy --strict -p bianpai.engine
	$(BIN)/mypy -p bianpai.addin
	PYTHONPATH=build/typecheck $(BIN)/lint-imports --no-cache

# The tests that render printed sheets to PDF need LibreOffice (soffice), poppler
# (pdfinfo, pdftoppm) and a CJK font; the share tests (tests/test_share.py) draw
# with the CJK font and look at the page in Chromium.  Where they are missing and
# this is a Debian machine run as root (CI), they are installed; elsewhere the
# command to run is printed and those tests fail, naming what is missing.
RENDER_PACKAGES := libreoffice-calc-nogui poppler-utils fonts-noto-cjk chromium
render-tools:
	@if command -v soffice >/dev/null && command -v pdfinfo >/dev/null && command -v pdftoppm >/dev/null \
	    && command -v chromium >/dev/null && fc-list 2>/dev/null | grep -qi "noto.*cjk"; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing $(RENDER_PACKAGES) (PDF rendering for the print tests)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(RENDER_PACKAGES) >/dev/null; \
	else echo "the print tests need: apt-get install $(RENDER_PACKAGES)"; fi

# The add-in tests against the oldest xlwings pyproject accepts and the newest the pins
# accept (issue 26), each in a fresh venv from this tree; the release workflow does the
# same with the built wheel (.github/workflows/release.yml).
ADDIN_TESTS := tests/test_addin_build.py tests/test_addin_remote.py tests/test_addin_desktop.py \
	tests/test_addin_selftest.py tests/test_addin_udfs.py
XLWINGS_SPECS := "xlwings==0.37.5" "xlwings>=0.37.5,<0.38"
test-addin-xlwings:
	@for spec in $(XLWINGS_SPECS); do \
	  echo "== $$spec"; rm -rf build/xlwings-venv && $(PYTHON) -m venv build/xlwings-venv && \
	  build/xlwings-venv/bin/pip install -q '.[test,addin]' "$$spec" && \
	  build/xlwings-venv/bin/python -m pytest -q -p no:cacheprovider $(ADDIN_TESTS) || exit 1; \
	done
