// Package docs holds the documentation of coevo's own packages (the
// engine, stats, display and widget packages that notebook cells import),
// as "go doc" prints it, embedded in the binary at build time: the
// kernel's inspection (Shift-Tab in a notebook) shows it without the Go
// toolchain or coevo's source tree, which an installed kernel may not
// have.
//
// Regenerate it after changing a doc comment:
//
//	go generate ./kernel/docs
//
// A test fails while the embedded documentation differs from the source.
package docs
