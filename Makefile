# coevo: the two set-up commands of the README are "make run" and "make test".
# Both need only Go (and make) on a fresh Debian machine; what else they
# need they install.

GO      ?= go
BIN     := bin/coevo
OUT     := out
# Jupyter comes from Debian's packages, for Debian's Python.
PY      := /usr/bin/python3
JUPYTER_DEBS := jupyter-nbconvert python3-nbclient jupyter-client python3-nbformat jupyter-core \
	python3-jupyter-kernel-test python3-ipykernel jupyter-console
R_DEBS  := r-base-core r-cran-bradleyterry2
SLURM_DEBS := slurm-wlm munge
# The classic Notebook's widget manager (jupyter-js-widgets 2.1, with the
# ipywidgets 6 it was made for) draws the kernel's widgets.
BROWSER_DEBS := jupyter-notebook chromium python3-ipywidgets jupyter-nbextension-jupyter-js-widgets
# Peer tools some tests compare with (engine/cmaes against pycma,
# stats/nashavg against scipy), pinned, in a virtualenv of Debian's Python;
# the tests skip, saying so, where it is missing.
PEER_VENV := build/pycma-venv
PEER_PIP  := cma==4.5.0 numpy==2.4.6 scipy==1.17.1
# A kernelspec for the tests, installed inside the build tree.
TEST_JUPYTER := $(CURDIR)/build/jupyter
VERSION := $(shell git describe --always --dirty 2>/dev/null || echo dev)

.PHONY: run test build deps test-deps jupyter-deps peer-deps apt kernel-test demo bench fuzz clean notebooks-clean slurm-deps slurm-test browser-deps browser-test figures

# The main job: install what is missing, build coevo, install the kernel,
# run the demonstration, draw the figure gallery into out/figures/ and
# execute every notebook into out/ as HTML. It writes nothing the
# repository holds: git status shows nothing changed after it.
run: deps jupyter-deps build demo
	@$(PY) -c "$$KERNEL_REPLACED" "$(CURDIR)/$(BIN)" || true
	$(GO) run ./scripts/gallery -out $(OUT)/figures
	$(BIN) kernel install --user
	@mkdir -p $(OUT)
	$(PY) -m nbconvert --to html --execute --ExecutePreprocessor.timeout=600 \
		--ExecutePreprocessor.kernel_name=coevo --output-dir $(OUT) notebooks/*.ipynb
	@echo "notebooks executed into $(OUT)/: $$(cd $(OUT) && ls *.html | tr '\n' ' ')"

# make run installs the kernelspec "coevo" for this user: say so when it
# takes the place of one that runs another coevo (another checkout's).
define KERNEL_REPLACED
import json, os, sys
from jupyter_client.kernelspec import KernelSpecManager
d = KernelSpecManager().find_kernel_specs().get("coevo")
argv = d and json.load(open(os.path.join(d, "kernel.json")))["argv"]
old = argv and (argv[argv.index("--coevo") + 1] if "--coevo" in argv else argv[0])
if old and os.path.basename(old) == "coevo-kernel":
    old = os.path.join(os.path.dirname(old), "coevo")
if old and os.path.realpath(old) != os.path.realpath(sys.argv[1]):
    print("make run: the Jupyter kernel \"coevo\" in %s runs %s; it is replaced by one that runs %s" % (d, old, sys.argv[1]))
endef
export KERNEL_REPLACED

# Every test: vet, unit and property tests, examples, fuzz seed corpora, the
# kernel's Jupyter conformance suite, and every notebook executed headless
# and in a real browser.
test: test-deps
	@unformatted=$$(gofmt -l .); if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted" >&2; exit 1; fi
	$(GO) vet ./...
	$(GO) test -count=1 -skip '^(TestModernGo|TestGoFidelity)$$' ./...
	@# the modern-Go corpus, verbose so that its pass rate is printed
	$(GO) test -count=1 -run '^TestModernGo$$' -v ./kernel/session
	@# the fidelity suite on Go's own test programs ($$GOROOT/test, docs/kernel.md),
	@# verbose so that its pass rates by class are printed
	$(GO) test -count=1 -run '^TestGoFidelity$$' -v ./kernel/session
	$(MAKE) --no-print-directory kernel-test
	$(MAKE) --no-print-directory slurm-test
	$(MAKE) --no-print-directory browser-test

kernel-test: build
	$(BIN) kernel install --prefix $(TEST_JUPYTER)
	JUPYTER_PATH=$(TEST_JUPYTER)/share/jupyter $(PY) -m unittest -v tests/kernel/test_coevo_kernel.py tests/kernel/test_widgets.py
	@mkdir -p build/notebooks
	JUPYTER_PATH=$(TEST_JUPYTER)/share/jupyter $(PY) -m nbconvert --to notebook --execute \
		--ExecutePreprocessor.timeout=600 --ExecutePreprocessor.kernel_name=coevo \
		--output-dir build/notebooks notebooks/*.ipynb
	$(PY) tests/kernel/test_widgets.py build/notebooks/03-ratings.ipynb build/notebooks/04-coevolution-othello.ipynb
	@# Every figure must show in a plain HTML export (nbconvert 6.5 exports
	@# inline SVG blank): tests/figures compares the export with the notebooks.
	$(PY) -m nbconvert --to html --output-dir build/html build/notebooks/*.ipynb
	COEVO_FIGURES_TEST=1 FIGURES_NOTEBOOKS=$(CURDIR)/build/notebooks FIGURES_HTML=$(CURDIR)/build/html \
		$(GO) test -count=1 -v ./tests/figures/

deps:
	@command -v $(GO) >/dev/null || { echo "coevo needs Go 1.26 or newer: https://go.dev/dl/" >&2; exit 1; }
	@# The kernel opens Go plugins (%%compile, %go get), which needs cgo and so a C compiler.
	@command -v gcc >/dev/null || $(MAKE) --no-print-directory apt DEBS=gcc
	$(GO) mod download

# What the tests need beyond Go: Jupyter (kernel conformance, notebooks),
# R's BradleyTerry2 (cross-check of stats/bt), SLURM (job arrays) and the
# classic Notebook with Chromium (notebooks in a browser), from Debian's packages.
test-deps: deps jupyter-deps slurm-deps browser-deps peer-deps
	@if ! Rscript -e 'library(BradleyTerry2)' >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory apt DEBS="$(R_DEBS)"; fi

# SLURM job arrays (docs/cluster.md) on a real one-node cluster on this
# machine, which scripts/slurm-local.sh starts from Debian's slurm-wlm and
# munge and stops by pid, also when a test fails.
slurm-test: build slurm-deps
	bash scripts/slurm-local.sh run -- env COEVO=$(CURDIR)/$(BIN) COEVO_SLURM_TEST=1 \
		$(GO) test -count=1 -v ./tests/slurm/

slurm-deps:
	@if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then \
		$(MAKE) --no-print-directory apt DEBS="$(SLURM_DEBS)"; fi

# Every notebook run in a real browser: Debian's classic Jupyter Notebook
# shown by its Chromium, driven from Go (tests/browser), which stops both
# also when a check fails. Screenshots and logs go to build/browser/.
browser-test: build browser-deps
	$(BIN) kernel install --prefix $(TEST_JUPYTER)
	COEVO=$(CURDIR)/$(BIN) COEVO_BROWSER_TEST=1 PYTHON=$(PY) JUPYTER_PATH=$(TEST_JUPYTER)/share/jupyter \
		$(GO) test -count=1 -v -timeout 60m ./tests/browser/

browser-deps:
	@if ! $(PY) -c 'import notebook' >/dev/null 2>&1 || ! test -x /usr/bin/chromium || \
		! test -f /usr/share/jupyter/nbextensions/jupyter-js-widgets/extension.js; then \
		$(MAKE) --no-print-directory apt DEBS="$(BROWSER_DEBS)"; fi

peer-deps:
	@if ! $(PEER_VENV)/bin/python -c 'import cma, scipy' >/dev/null 2>&1; then \
		$(PY) -m venv $(PEER_VENV) && $(PEER_VENV)/bin/pip install -q $(PEER_PIP) || \
		echo "coevo: could not install $(PEER_PIP); the tests against pycma and scipy will skip" >&2; fi

jupyter-deps:
	@if ! $(PY) -c 'import nbconvert, nbclient, jupyter_client, jupyter_kernel_test' >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory apt DEBS="$(JUPYTER_DEBS)"; fi

apt:
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing from Debian: $(DEBS)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(DEBS) >/dev/null; \
	else echo "coevo: please install these Debian packages (needs root): $(DEBS)" >&2; exit 1; fi

build:
	@# coevo and coevo-kernel are pure Go (CGO_ENABLED=0): linked with the C
	@# library (net's resolver), each thread's malloc arena takes 64 MB of
	@# address space, and under ulimit -v 1500000 coevo could not even start.
	CGO_ENABLED=0 $(GO) build -ldflags "-X main.version=$(VERSION)" -o $(BIN) ./cmd/coevo
	@# The Jupyter kernel process that the kernelspec starts (small: it listens
	@# within milliseconds), and the worker where cells run, the only program
	@# that links the Go interpreter (and the C library, for Go plugins);
	@# both are found next to coevo.
	CGO_ENABLED=0 $(GO) build -ldflags "-X main.version=$(VERSION)" -o $(dir $(BIN))coevo-kernel ./cmd/coevo-kernel
	$(GO) build -o $(dir $(BIN))coevo-worker ./cmd/coevo-worker

# The demonstration of what coevo does so far, written to out/demo.txt.
demo: build
	@mkdir -p $(OUT)
	BIN=$(BIN) bash scripts/demo.sh | tee $(OUT)/demo.txt

bench: build jupyter-deps
	$(GO) run ./bench/engine
	$(GO) run ./bench/bt
	$(GO) run ./bench/umda
	$(GO) run ./bench/othello
	$(GO) test -run XXX -bench . ./internal/shard
	$(BIN) kernel install --prefix $(TEST_JUPYTER)
	JUPYTER_PATH=$(TEST_JUPYTER)/share/jupyter $(PY) bench/kernel/bench.py

fuzz:
	cd engine/rules && $(GO) test -run XXX -fuzz FuzzParse -fuzztime 60s .
	cd engine/games && $(GO) test -run XXX -fuzz FuzzHeapFlags -fuzztime 60s .
	cd engine/games && $(GO) test -run XXX -fuzz FuzzEdges -fuzztime 60s .
	cd stats/runtime && $(GO) test -run XXX -fuzz FuzzRead -fuzztime 60s .
	cd internal/shard && $(GO) test -run XXX -fuzz FuzzReadResults -fuzztime 60s .
	cd cmd/coevo && $(GO) test -run XXX -fuzz FuzzSweepConfig -fuzztime 60s .
	cd stats/bt && $(GO) test -run XXX -fuzz FuzzReadPGN -fuzztime 60s .
	cd stats/bt && $(GO) test -run XXX -fuzz FuzzReadPairs -fuzztime 60s .
	cd stats/bt && $(GO) test -run XXX -fuzz FuzzReadMatrix -fuzztime 60s .
	cd stats/bt && $(GO) test -run XXX -fuzz FuzzReadGames -fuzztime 60s .
	cd internal/csvdata && $(GO) test -run XXX -fuzz FuzzScanner -fuzztime 60s .
	cd kernel/session && $(GO) test -run XXX -fuzz FuzzSplit -fuzztime 60s .
	cd kernel/session && $(GO) test -run XXX -fuzz FuzzCompleteInspect -fuzztime 60s .
	cd kernel && $(GO) test -run XXX -fuzz FuzzParseConnection -fuzztime 60s .
	cd kernel/zmtp && $(GO) test -run XXX -fuzz FuzzReader -fuzztime 60s .
	cd kernel/zmtp && $(GO) test -run XXX -fuzz FuzzMetadata -fuzztime 60s .

# The figures docs/ shows (docs/figures.md and docs/figures/*.png), redrawn
# after a change to how coevo draws: a test (scripts/gallery) fails while
# they differ from what the gallery draws.
figures:
	$(GO) run ./scripts/gallery -out $(OUT)/figures -docs docs

clean:
	rm -rf bin build $(OUT)

# The notebooks are edited in Jupyter and kept in the repository without
# outputs (a test checks it): run this before committing a saved notebook.
notebooks-clean: jupyter-deps
	$(PY) -m nbconvert --clear-output --inplace notebooks/*.ipynb
