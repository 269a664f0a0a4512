package umda

import "encoding/json"

// traceJSON is a Trace as JSON: its fields, and the critical positions'
// names (Positions' columns).
type traceJSON struct {
	Critical []int32     `json:"critical"`
	Names    []string    `json:"names"`
	P        [][]float64 `json:"p"`
	Optimal  []float64   `json:"optimal"`
}

// MarshalJSON writes the trace with the critical positions' names, so
// that json.Marshal(run) saves a run whose trace reads back whole
// (Positions names its columns by them).
func (tr *Trace) MarshalJSON() ([]byte, error) {
	return json.Marshal(traceJSON{tr.Critical, tr.names, tr.P, tr.Optimal})
}

// UnmarshalJSON reads a trace MarshalJSON wrote.
func (tr *Trace) UnmarshalJSON(b []byte) error {
	var in traceJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	*tr = Trace{Critical: in.Critical, P: in.P, Optimal: in.Optimal, names: in.Names}
	return nil
}
