package symbols

// go generate ./kernel/symbols also regenerates the documentation of
// coevo's packages that the kernel embeds for inspection (kernel/docs),
// which must follow their doc comments as the bindings follow their APIs.
//go:generate go run ../docs/gen -root ../.. -out ../docs/coevo.json.gz
