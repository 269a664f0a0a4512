// Package native builds Go code natively for a kernel session and loads it
// into the session's interpreter, as Go plugins: the packages of modules a
// notebook adds with %go get, packages of the kernel's own modules that
// are not bound into it, and the declarations of %%compile cells.
//
// Each session has its own Go module (a directory under the user's cache
// directory, kept while the kernel runs), which requires every module the
// kernel binary was built from at the binary's version, with the kernel's
// own module replaced by the checkout it was built from. A package is
// built as a plugin (go build -buildmode=plugin) with the binary's
// toolchain and build settings, holding the package and a function that
// registers it with the interpreter (written by kernel/internal/ixexport
// from the package's go/types description); the worker opens the plugin
// (plugin.Open) and calls that function, so the package's code runs
// compiled. A %%compile cell is a package of its own, named by a hash of
// its code, which has every function, variable, constant and type it
// declares under an exported name (Exported) for the interpreter.
//
// Plugins are strict: a plugin and the binary that opens it must share the
// toolchain, the build flags and the version of every package both hold,
// and a binary must be built with cgo to open one. The Builder checks
// what it can before building and says which module or package is at
// odds; a plugin, once open, cannot be closed, so a changed cell is built
// under a new name.
//
// Built plugins are kept in a cache keyed by the binary (its toolchain,
// build settings, module versions and Go build ID), the package or the
// cell's code, and the versions of the modules the package depends on: an
// import or an unchanged cell seen before loads in milliseconds, in this
// session, after a worker restart, or in another session.
package native
