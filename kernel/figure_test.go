package kernel_test

import (
	"encoding/json"
	"testing"

	"github.com/coevolab/coevo/kernel/display"
)

// A plot, as a cell's value or shown with display.Show, reaches the front
// end as a PNG alone, with the size to show it at in the message's
// metadata (not in its data), as Jupyter and nbconvert read it.
func TestPlotMessageMetadata(t *testing.T) {
	c := start(t)
	r := c.execute(`import "github.com/coevolab/coevo/stats/plot"
import "github.com/coevolab/coevo/kernel/display"
p := plot.New("", "x", "y")
plot.Line(p, []float64{1, 2, 3}, []float64{1, 4, 9}, plot.Color(0), false, "squares")
display.Show(p)
p`)
	for _, typ := range []string{"display_data", "execute_result"} {
		found := false
		for _, m := range r.outputs {
			if m.Header.MsgType != typ {
				continue
			}
			found = true
			var content struct {
				Data     map[string]any
				Metadata map[string]map[string]float64
			}
			if err := json.Unmarshal(m.Content, &content); err != nil {
				t.Fatal(err)
			}
			if _, svg := content.Data["image/svg+xml"]; svg || content.Data["image/png"] == nil {
				t.Errorf("%s: data %v, want a PNG alone", typ, keysOf(content.Data))
			}
			if _, leaked := content.Data[display.MetadataKey]; leaked {
				t.Errorf("%s: the metadata went as data", typ)
			}
			if md := content.Metadata["image/png"]; md["width"] != 504 || md["height"] != 374 {
				t.Errorf("%s: metadata %v, want image/png 504 x 374", typ, content.Metadata)
			}
		}
		if !found {
			t.Errorf("no %s message (reply %v)", typ, r.reply)
		}
	}
}

func keysOf(m map[string]any) []string {
	var k []string
	for x := range m {
		k = append(k, x)
	}
	return k
}
