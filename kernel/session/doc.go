// Package session evaluates Go cells as one growing Go package: what a
// cell declares stays for the cells after it, a cell may mix declarations,
// statements and IPython-like magics (%time, %timeit, %env, %who, %reset,
// %lsmagic), and the value of a final expression is the cell's result.
//
// Every cell is compiled with the declarations of the cells before it as
// a whole package, type-checked by go/types and run from its SSA form
// (golang.org/x/tools/go/ssa) by the ixgo interpreter: a cell computes
// what Go computes. See program.go for how a cell becomes that package.
//
// Evaluation takes a context; cancelling it stops the cell's interpreted
// code and is passed to compiled code that the cell hands it to. Run
// returns only when the cell's code has stopped: an interrupted cell
// stuck in a compiled call that takes no context keeps Run waiting, and
// the caller (the kernel's worker process) decides how long to wait.
//
// Errors read like the Go compiler's and name the cell: a compile error is
// "In[3]:2:5: undefined: x" with the line quoted, a panic shows its value
// and the cell lines (and compiled functions) it went through.
package session
