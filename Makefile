# clickbound — every target bootstraps .venv from pyproject.toml when needed.
PY      ?= python3.11
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed

.PHONY: test test-fast report bench notebooks screenshot clean venv proofs

venv: $(STAMP)

$(STAMP): pyproject.toml
	@command -v $(PY) >/dev/null 2>&1 || { echo "need $(PY) on PATH (Python >= 3.11)"; exit 1; }
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

## make test: every test, the slow ones included (what CI runs; about 13 minutes on 2 cores)
test: $(STAMP)
	$(BIN)/python -m pytest -q -n 2 --dist loadfile --run-slow

## make test-fast: the development loop, skipping tests marked slow
test-fast: $(STAMP)
	$(BIN)/python -m pytest -q -n 2 --dist loadfile

## make report: the main job (the paper profile: every experiment at least at the source's horizon and runs;
## `.venv/bin/clickbound report --profile dev` is the smaller development profile, labelled as such)
report: $(STAMP)
	$(BIN)/clickbound report

## make proofs: compile the Coq proofs proofs/coq/*.v (needs Debian's coq libcoq-interval libcoq-coquelicot;
## built under the cache folder, reused while the files are unchanged; make test compiles them too)
proofs: $(STAMP)
	$(BIN)/python -m clickbound.proofs.build

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

## make notebooks: re-execute notebooks/*.ipynb in place, with the Coq kernel off (CLICKBOUND_KERNEL=0) so that the
## committed outputs show the same verdicts on every machine as the committed verdict snapshot (each notebook says so)
notebooks: $(STAMP)
	CLICKBOUND_KERNEL=0 $(BIN)/python -m clickbound.report.notebooks

## make screenshot: PNGs of out/report/index.html in headless Chromium (after make report;
## needs Debian's chromium and fonts-noto-cjk: apt-get install -y chromium fonts-noto-cjk)
screenshot: $(STAMP)
	$(BIN)/python -m clickbound.report.screenshot --out out/report

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
