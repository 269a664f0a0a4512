package plot

import (
	"runtime"
	"sync"
	"weak"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// sizes holds the sizes figures chose (SetSize), by figure, for as long
// as the figure lives.
var sizes sync.Map // weak.Pointer[gplot.Plot] -> vg.Point

// SetSize records the size p is to be drawn at: Save, the kernel and the
// CLI draw it so. A figure whose content sets its height (Ratings: a row a
// player) sets it; any other is Width x Height.
func SetSize(p *gplot.Plot, w, h vg.Length) {
	k := weak.Make(p)
	if _, had := sizes.Swap(k, vg.Point{X: w, Y: h}); !had {
		runtime.AddCleanup(p, func(k weak.Pointer[gplot.Plot]) { sizes.Delete(k) }, k)
	}
}

// Size returns the size p is drawn at: the one SetSize recorded, else one
// column, Width x Height.
func Size(p *gplot.Plot) (w, h vg.Length) {
	if v, ok := sizes.Load(weak.Make(p)); ok {
		s := v.(vg.Point)
		return s.X, s.Y
	}
	return Width, Height
}
