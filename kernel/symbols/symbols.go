// Package symbols makes compiled packages importable from notebook cells:
// coevo's engine, stats, display and widget packages, gota, and gonum
// (mat, stat, floats, optimize, plot). Each file registers one package
// with the interpreter (github.com/goplus/ixgo) when the package is
// linked: the kernel's worker imports it for that. The standard library
// is ixgo's own (github.com/goplus/ixgo/pkg).
//
// The files are generated from the packages' go/types description by
// kernel/internal/ixexport; regenerate them with
//
//	go generate ./kernel/symbols
package symbols

//go:generate go run ./gen github.com/coevolab/coevo/engine/game github.com/coevolab/coevo/engine/grundy github.com/coevolab/coevo/engine/heap github.com/coevolab/coevo/engine/games github.com/coevolab/coevo/engine/rules github.com/coevolab/coevo/engine/umda github.com/coevolab/coevo/engine/theory github.com/coevolab/coevo/engine/gp github.com/coevolab/coevo/engine/othello github.com/coevolab/coevo/engine/tournament github.com/coevolab/coevo/engine/connect4 github.com/coevolab/coevo/engine/coevolve github.com/coevolab/coevo/engine/cmaes github.com/coevolab/coevo/stats/ciao github.com/coevolab/coevo/stats/bt github.com/coevolab/coevo/stats/intrans github.com/coevolab/coevo/stats/runtime github.com/coevolab/coevo/stats/plot github.com/coevolab/coevo/stats/nashavg github.com/coevolab/coevo/stats/alpharank github.com/coevolab/coevo/kernel/display github.com/coevolab/coevo/kernel/widget github.com/go-gota/gota/dataframe github.com/go-gota/gota/series gonum.org/v1/gonum/mat gonum.org/v1/gonum/stat gonum.org/v1/gonum/floats gonum.org/v1/gonum/optimize gonum.org/v1/plot gonum.org/v1/plot/plotter gonum.org/v1/plot/vg
