// Package notebooks holds the notebooks that reproduce the papers. The
// .ipynb files are the source researchers edit in Jupyter; the repository
// keeps them without outputs (make notebooks-clean strips them), and this
// test checks that it does.
package notebooks

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

type notebook struct {
	NBFormat int `json:"nbformat"`
	Metadata struct {
		Kernelspec struct {
			Name string `json:"name"`
		} `json:"kernelspec"`
	} `json:"metadata"`
	Cells []struct {
		CellType       string            `json:"cell_type"`
		ExecutionCount *int              `json:"execution_count"`
		Outputs        []json.RawMessage `json:"outputs"`
		Source         json.RawMessage   `json:"source"`
	} `json:"cells"`
}

func TestNotebooksAreStrippedSources(t *testing.T) {
	files, err := filepath.Glob("*.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no notebooks found")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var nb notebook
		if err := json.Unmarshal(data, &nb); err != nil {
			t.Errorf("%s: not a notebook: %v", f, err)
			continue
		}
		if nb.NBFormat != 4 {
			t.Errorf("%s: nbformat %d, want 4", f, nb.NBFormat)
		}
		if nb.Metadata.Kernelspec.Name != "coevo" {
			t.Errorf("%s: kernelspec %q, want coevo", f, nb.Metadata.Kernelspec.Name)
		}
		code := 0
		for i, c := range nb.Cells {
			if c.CellType != "code" {
				continue
			}
			code++
			if len(c.Outputs) > 0 || c.ExecutionCount != nil {
				t.Errorf("%s: cell %d keeps outputs or an execution count; run make notebooks-clean", f, i)
			}
		}
		if code == 0 {
			t.Errorf("%s: no code cells", f)
		}
	}
}
