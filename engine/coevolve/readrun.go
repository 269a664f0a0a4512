package coevolve

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/coevolab/coevo/internal/csvdata"
)

// ReadRun reads the run whose files WriteFiles wrote in dir (run.json,
// history.csv, archive.csv and, for NashSolve, admitted.csv): a run
// evolved in memory (Evolve with no directory) and saved with
// run.WriteFiles(dir) reads back whole, as does any run coevo coevolve
// wrote. LoadRun reads a run from its checkpoint, which a run evolved in
// memory has not; the run ReadRun returns cannot be resumed (the
// checkpoint holds CMA-ES's state), only looked at and analysed.
func ReadRun(dir string) (*Run, error) {
	data, err := os.ReadFile(filepath.Join(dir, RunFile))
	if err != nil {
		return nil, err
	}
	var summary struct {
		Config  Config `json:"config"`
		Done    int    `json:"generations_done"`
		Games   int64  `json:"games"`
		Stopped string `json:"stopped"`
	}
	if err := json.Unmarshal(data, &summary); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, RunFile), err)
	}
	if err := summary.Config.Check(); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, RunFile), err)
	}
	r := &Run{Config: summary.Config, Done: summary.Done, Games: summary.Games, Stopped: summary.Stopped}
	if r.History, err = readHistory(filepath.Join(dir, HistoryFile)); err != nil {
		return nil, err
	}
	if len(r.History) != r.Done {
		return nil, fmt.Errorf("%s: %d generations, %s says %d were run", filepath.Join(dir, HistoryFile), len(r.History), RunFile, r.Done)
	}
	if r.Permanent, err = ReadArchive(filepath.Join(dir, ArchiveFile)); err != nil {
		return nil, err
	}
	if r.Config.Method == NashSolve {
		if r.Admitted, err = ReadArchive(filepath.Join(dir, AdmittedFile)); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// historyHeader is the header of history.csv (writeHistory).
var historyHeader = []string{"generation", "games", "best", "mean", "archive", "admitted", "spread", "norm"}

// readHistory reads a history.csv.
func readHistory(path string) ([]Generation, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t := csvdata.NewReader(f, path)
	head, _, err := t.Header("generation,games,best,mean,archive,admitted,spread,norm")
	if err != nil {
		return nil, err
	}
	if !slices.Equal(head, historyHeader) {
		return nil, t.Errorf(-1, "header %q, want %q (not the history of a run of coevo coevolve)", head, historyHeader)
	}
	var out []Generation
	for {
		rec, err := t.Row(len(historyHeader))
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		var g Generation
		var errs [8]error
		g.Generation, errs[0] = strconv.Atoi(rec[0])
		g.Games, errs[1] = strconv.ParseInt(rec[1], 10, 64)
		g.Best, errs[2] = strconv.ParseFloat(rec[2], 64)
		g.Mean, errs[3] = strconv.ParseFloat(rec[3], 64)
		g.Archive, errs[4] = strconv.Atoi(rec[4])
		g.Admitted, errs[5] = strconv.ParseBool(rec[5])
		g.Spread, errs[6] = strconv.ParseFloat(rec[6], 64)
		g.Norm, errs[7] = strconv.ParseFloat(rec[7], 64)
		for k, e := range errs {
			if e != nil {
				return nil, t.Errorf(k, "%s %q: %v", historyHeader[k], rec[k], errors.Unwrap(e))
			}
		}
		if g.Generation != len(out)+1 {
			return nil, t.Errorf(0, "generation %d after %d", g.Generation, len(out))
		}
		out = append(out, g)
	}
}
