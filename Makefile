# coevo: the two set-up commands of the README are "make run" and "make test".
# Both need only Go (and make) on a fresh Debian machine; what else they
# need they install.

GO      ?= go
BIN     := bin/coevo
OUT     := out
# Debian's Python (not whatever python3 comes first on PATH).
PY      := /usr/bin/python3
# Jupyter comes from PyPI, the versions jupyter/requirements.txt pins (with
# their hashes), into a virtual environment of Debian's Python in the build
# tree: JupyterLab 4, Notebook 7, ipywidgets 8, nbclient, nbconvert 7,
# papermill, Voila, jupyter_kernel_test. Its nbconvert draws widgets offline
# in HTML exports with the widget manager from npm (jupyter/widgets, pinned
# by its package-lock.json), installed into build/widgets.
VENV    := build/venv
JPY     := $(CURDIR)/$(VENV)/bin/python
JUPYTER := $(CURDIR)/$(VENV)/bin/jupyter
VENV_READY := $(VENV)/.coevo-installed
WIDGETS_JS := build/widgets/node_modules/@jupyter-widgets/html-manager/dist/embed.js
# pip's and npm's caches stay in the build tree too; so do the connection
# files of the kernels make run starts.
PIP_ENV := PIP_CACHE_DIR=$(CURDIR)/build/cache/pip PIP_DISABLE_PIP_VERSION_CHECK=1
JUPYTER_ENV := JUPYTER_RUNTIME_DIR=$(CURDIR)/build/jupyter-runtime
# The tests' Jupyter finds the kernelspec they install into the build tree.
TEST_ENV = $(JUPYTER_ENV) JUPYTER_PATH=$(TEST_JUPYTER)/share/jupyter
R_DEBS  := r-base-core r-cran-bradleyterry2
SLURM_DEBS := slurm-wlm munge
# Debian 12's classic Notebook 6.4 with its widget manager (jupyter-js-widgets
# 2.1, with the ipywidgets 6 it was made for), kept for the one front end
# that speaks widget protocol 1; and the Chromium every browser test drives.
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
# execute every notebook into out/ as HTML, whose pages draw the notebooks'
# widgets offline, in their last state. It writes nothing the repository
# holds: git status shows nothing changed after it.
run: deps jupyter-deps build demo
	@$(JPY) -c "$$KERNEL_REPLACED" "$(CURDIR)/$(BIN)" || true
	$(GO) run ./scripts/gallery -out $(OUT)/figures
	$(BIN) kernel install --user
	@mkdir -p $(OUT)
	$(JUPYTER_ENV) $(JUPYTER) nbconvert --to html --execute --ExecutePreprocessor.timeout=600 \
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
	$(GO) test -count=1 -skip '^(TestModernGo|TestGoFidelity|TestFaultProbe)$$' ./...
	@# the fault probe (docs/faults.md), its count of cases printed
	@out=$$($(GO) test -count=1 -run '^TestFaultProbe$$' -v ./cmd/coevo 2>&1); status=$$?; \
		if [ $$status -ne 0 ]; then echo "$$out"; exit $$status; fi; echo "$$out" | grep -E 'fault probe:|^ok'
	@# the modern-Go corpus, verbose so that its pass rate is printed
	$(GO) test -count=1 -run '^TestModernGo$$' -v ./kernel/session
	@# the fidelity suite on Go's own test programs ($$GOROOT/test, docs/kernel.md),
	@# verbose so that its pass rates by class are printed
	$(GO) test -count=1 -run '^TestGoFidelity$$' -v ./kernel/session
	$(MAKE) --no-print-directory kernel-test
	$(MAKE) --no-print-directory slurm-test
	$(MAKE) --no-print-directory browser-test

# The kernel against PyPI's Jupyter (build/venv): jupyter_kernel_test, widgets
# and a stress run through nbclient, papermill's parameters, every notebook
# executed headless into build/notebooks and exported as plain HTML into
# build/html (which browser-test opens offline).
kernel-test: build jupyter-deps
	$(BIN) kernel install --prefix $(TEST_JUPYTER)
	$(TEST_ENV) $(JPY) -m unittest -v tests/kernel/test_coevo_kernel.py tests/kernel/test_widgets.py \
		tests/kernel/test_papermill.py tests/kernel/test_stress.py
	@mkdir -p build/notebooks
	$(TEST_ENV) $(JUPYTER) nbconvert --to notebook --execute \
		--ExecutePreprocessor.timeout=600 --ExecutePreprocessor.kernel_name=coevo \
		--output-dir build/notebooks notebooks/*.ipynb
	$(JPY) tests/kernel/test_widgets.py build/notebooks/03-ratings.ipynb build/notebooks/04-coevolution-othello.ipynb \
		build/notebooks/09-dashboard.ipynb
	@# Every figure must show in a plain HTML export: tests/figures compares
	@# the export with the notebooks.
	$(TEST_ENV) $(JUPYTER) nbconvert --to html --output-dir build/html build/notebooks/*.ipynb
	COEVO_FIGURES_TEST=1 FIGURES_NOTEBOOKS=$(CURDIR)/build/notebooks FIGURES_HTML=$(CURDIR)/build/html \
		$(GO) test -count=1 -v ./tests/figures/

deps:
	@command -v $(GO) >/dev/null || { echo "coevo needs Go 1.26 or newer: https://go.dev/dl/" >&2; exit 1; }
	@# The kernel opens Go plugins (%%compile, %go get), which needs cgo and so a C compiler.
	@command -v gcc >/dev/null || $(MAKE) --no-print-directory apt DEBS=gcc
	$(GO) mod download

# What the tests need beyond Go: Jupyter from PyPI (kernel conformance,
# notebooks, browser tests), and from Debian's packages R's BradleyTerry2
# (cross-check of stats/bt), SLURM (job arrays), Chromium and the classic
# Notebook (notebooks in a browser); pycma and scipy from PyPI (peer-deps).
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

# Every notebook run in a real browser: JupyterLab 4 and Notebook 7 (from
# build/venv), and Debian's classic Notebook (widget protocol 1), shown by
# Debian's Chromium driven from Go (tests/browser), which stops them also
# when a check fails; Voila serving a dashboard; the HTML exports of
# kernel-test (build/html) opened with the network off. Screenshots and logs
# go to build/browser/. BROWSER_TESTS=regexp runs some (go test -run).
# JupyterLab and Notebook 7 run every notebook; the classic Notebook, to keep
# make test within its time, the notebooks with widgets (and every scratch
# notebook of checks): "make browser-test BROWSER_WIDGET_NOTEBOOKS=" runs
# every notebook in all three.
BROWSER_TESTS ?= .
BROWSER_WIDGET_NOTEBOOKS ?= classic
browser-test: build browser-deps jupyter-deps
	$(BIN) kernel install --prefix $(TEST_JUPYTER)
	COEVO=$(CURDIR)/$(BIN) COEVO_BROWSER_TEST=1 PYTHON=$(PY) VENV=$(CURDIR)/$(VENV) \
		EXPORTED_HTML=$(CURDIR)/build/html JUPYTER_PATH=$(TEST_JUPYTER)/share/jupyter \
		BROWSER_WIDGET_NOTEBOOKS=$(BROWSER_WIDGET_NOTEBOOKS) \
		$(GO) test -count=1 -v -timeout 60m -run '$(BROWSER_TESTS)' ./tests/browser/

browser-deps:
	@if ! $(PY) -c 'import notebook' >/dev/null 2>&1 || ! test -x /usr/bin/chromium || \
		! test -f /usr/share/jupyter/nbextensions/jupyter-js-widgets/extension.js; then \
		$(MAKE) --no-print-directory apt DEBS="$(BROWSER_DEBS)"; fi

peer-deps:
	@if ! $(PEER_VENV)/bin/python -c 'import cma, scipy' >/dev/null 2>&1; then \
		$(PY) -m venv $(PEER_VENV) && $(PIP_ENV) $(PEER_VENV)/bin/pip install -q $(PEER_PIP) || \
		echo "coevo: could not install $(PEER_PIP); the tests against pycma and scipy will skip" >&2; fi

jupyter-deps: $(VENV_READY) $(WIDGETS_JS)

# The virtual environment, made again whenever what it installs changes.
# Debian's python3 -m venv needs python3-venv.
$(VENV_READY): jupyter/requirements.txt jupyter/papermill-coevo/pyproject.toml jupyter/papermill-coevo/papermill_coevo.py
	rm -rf $(VENV)
	@{ test -x $(PY) && $(PY) -m venv $(VENV) >/dev/null 2>&1; } || { rm -rf $(VENV); \
		$(MAKE) --no-print-directory apt DEBS="python3 python3-venv" && $(PY) -m venv $(VENV); }
	$(PIP_ENV) $(JPY) -m pip install -q --require-hashes --only-binary :all: --no-deps -r jupyter/requirements.txt
	@# papermill's parameters in Go (jupyter/papermill-coevo), built with
	@# the flit_core just installed: no download, nothing written beside it.
	$(PIP_ENV) $(JPY) -m pip install -q --no-index --no-deps --no-build-isolation ./jupyter/papermill-coevo
	@mkdir -p $(VENV)/etc/jupyter
	ln -sf $(CURDIR)/jupyter/jupyter_nbconvert_config.py $(VENV)/etc/jupyter/
	@touch $@

# @jupyter-widgets/html-manager, which HTML exports carry inline.
$(WIDGETS_JS): jupyter/widgets/package.json jupyter/widgets/package-lock.json
	@command -v npm >/dev/null || $(MAKE) --no-print-directory apt DEBS=npm
	rm -rf build/widgets && mkdir -p build/widgets
	cp jupyter/widgets/package.json jupyter/widgets/package-lock.json build/widgets/
	cd build/widgets && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error --cache $(CURDIR)/build/cache/npm
	@touch $@

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
	$(TEST_ENV) $(JPY) bench/kernel/bench.py

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
	$(JUPYTER) nbconvert --clear-output --inplace notebooks/*.ipynb
