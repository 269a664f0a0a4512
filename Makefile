# coevo: the two set-up commands of the README are "make run" and "make test".
# Both need only Go (and make) on a fresh Debian machine; what else they
# need they install.

GO      ?= go
BIN     := bin/coevo
OUT     := out
VERSION := $(shell git describe --always --dirty 2>/dev/null || echo dev)

.PHONY: run test build deps demo bench fuzz clean

# The main job: install what is missing, build coevo, run the demonstration.
run: deps build demo

# Every test: vet, unit and property tests, examples, fuzz seed corpora.
test: deps
	@unformatted=$$(gofmt -l .); if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted" >&2; exit 1; fi
	$(GO) vet ./...
	$(GO) test -count=1 ./...

deps:
	@command -v $(GO) >/dev/null || { echo "coevo needs Go 1.26 or newer: https://go.dev/dl/" >&2; exit 1; }
	$(GO) mod download

build:
	$(GO) build -ldflags "-X main.version=$(VERSION)" -o $(BIN) ./cmd/coevo

# The demonstration of what coevo does so far, written to out/demo.txt.
demo: build
	@mkdir -p $(OUT)
	BIN=$(BIN) bash scripts/demo.sh | tee $(OUT)/demo.txt

bench:
	$(GO) run ./bench/engine

fuzz:
	cd engine/rules && $(GO) test -run XXX -fuzz FuzzParse -fuzztime 60s .

clean:
	rm -rf bin $(OUT)
