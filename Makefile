# coevo: the two set-up commands of the README are "make run" and "make test".
# Both need only Go (and make) on a fresh Debian machine; what else they
# need they install.

GO      ?= go
BIN     := bin/coevo
OUT     := out
VERSION := $(shell git describe --always --dirty 2>/dev/null || echo dev)

.PHONY: run test build deps test-deps demo bench fuzz clean

# The main job: install what is missing, build coevo, run the demonstration.
run: deps build demo

# Every test: vet, unit and property tests, examples, fuzz seed corpora.
test: test-deps
	@unformatted=$$(gofmt -l .); if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted" >&2; exit 1; fi
	$(GO) vet ./...
	$(GO) test -count=1 ./...

deps:
	@command -v $(GO) >/dev/null || { echo "coevo needs Go 1.26 or newer: https://go.dev/dl/" >&2; exit 1; }
	$(GO) mod download

# What the tests need beyond Go: R's BradleyTerry2 for the cross-check of
# stats/bt (Debian packages; skipped with a message where apt is unusable).
test-deps: deps
	@if Rscript -e 'library(BradleyTerry2)' >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing r-base-core r-cran-bradleyterry2 (Debian)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq r-base-core r-cran-bradleyterry2 >/dev/null; \
	else echo "note: R BradleyTerry2 not installed and apt-get unavailable: the R cross-check will be skipped" >&2; fi

build:
	$(GO) build -ldflags "-X main.version=$(VERSION)" -o $(BIN) ./cmd/coevo

# The demonstration of what coevo does so far, written to out/demo.txt.
demo: build
	@mkdir -p $(OUT)
	BIN=$(BIN) bash scripts/demo.sh | tee $(OUT)/demo.txt

bench:
	$(GO) run ./bench/engine
	$(GO) run ./bench/bt

fuzz:
	cd engine/rules && $(GO) test -run XXX -fuzz FuzzParse -fuzztime 60s .

clean:
	rm -rf bin $(OUT)
