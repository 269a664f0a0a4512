package coevolve

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A run evolved in memory, saved with WriteFiles, reads back with ReadRun
// as it was (NashSolve with its admitted players, and ICL), and its files
// are what coevo coevolve writes; a history that is not one is refused,
// naming the file.
func TestReadRun(t *testing.T) {
	for _, c := range []Config{PaperConfig(NashSolve, 2, 3), PaperConfig(ICL, 5, 3)} {
		c.Population, c.Generations = 8, 6
		if c.Method == NashSolve {
			c.Snapshot = 2
		}
		r, err := Evolve(context.Background(), c, "", Options{})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		if err := r.WriteFiles(dir); err != nil {
			t.Fatal(err)
		}
		back, err := ReadRun(dir)
		if err != nil {
			t.Fatal(err)
		}
		// %+v writes NaN fitness as NaN, which DeepEqual would call unequal.
		show := func(r *Run) string {
			return fmt.Sprintf("%+v\n%+v\n%+v", r.History, r.Permanent, r.Admitted)
		}
		if back.Config != r.Config || back.Done != r.Done || back.Games != r.Games || back.Stopped != r.Stopped || show(back) != show(r) {
			t.Errorf("%v read back as\n%s\nwant\n%s", c, show(back), show(r))
		}
		if len(r.History) != c.Generations || r.Permanent.Len() == 0 {
			t.Fatalf("%v: a run of %d generations, %d archived", c, len(r.History), r.Permanent.Len())
		}
	}
	dir := t.TempDir()
	c := PaperConfig(ICL, 5, 3)
	c.Population, c.Generations = 8, 3
	r, _ := Evolve(context.Background(), c, "", Options{})
	r.WriteFiles(dir)
	os.WriteFile(filepath.Join(dir, HistoryFile), []byte("generation,games,best,mean,archive,admitted,spread,norm\n1,10,x,0,0,false,0,0\n"), 0o644)
	if _, err := ReadRun(dir); err == nil || !strings.Contains(err.Error(), HistoryFile) || !strings.Contains(err.Error(), "best") {
		t.Errorf("a bad history: %v", err)
	}
}
