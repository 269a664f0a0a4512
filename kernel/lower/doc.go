// Package lower rewrites a notebook cell written in today's Go into the Go
// that the interpreter (yaegi v0.16.1) runs correctly, and type-checks it
// first, as the Go compiler would.
//
// yaegi predates Go 1.21: it rejects range over integers and over
// iterator functions, min, max and clear, mis-instantiates most generic
// functions and types, keeps one loop variable for all iterations (Go
// 1.22 gives each its own), and binds an import's name rather than its
// path. Rather than fork the interpreter, the kernel compiles a cell in
// front of it, with go/types:
//
//   - every cell is type-checked against what earlier cells declared (a
//     Model of the session), so errors read like the compiler's and a cell
//     that does not compile runs nothing;
//   - generic functions and types are monomorphized: each instantiation
//     (slices.Sort[[]int], a cell's Map[int, string]) becomes an ordinary
//     declaration the interpreter runs, made from the generic source (the
//     Go release's own for slices, maps, cmp and iter; small shims of ours
//     where the standard library's code reaches into the runtime; a
//     module's source for %go get packages);
//   - range over an integer becomes a counted loop, range over a function
//     a call of it with the loop body as the yield function (break,
//     continue, labels, return and defer keep their meaning), min and max
//     calls of compiled helpers, clear a reflective one;
//   - a loop variable that a closure captures gets a copy per iteration;
//   - every package a cell names is reached through a hidden import of its
//     path, so a module package named like a standard one, or a name
//     imported again from another path, means what the import says.
//
// The rewriting keeps every line where it was, so positions the
// interpreter reports still point into the cell.
package lower
