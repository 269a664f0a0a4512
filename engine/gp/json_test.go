package gp

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
)

// A run's result saves as JSON and reads back (a Progress function made
// json.Marshal fail): its best program, error, history and data.
func TestResultJSON(t *testing.T) {
	d, err := HeapData(context.Background(), HeapSpec{Game: "ga2", Heaps: 1, MaxHeap: 10, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(context.Background(), d, Config{Population: 200, Seed: 1, Progress: func(Generation) {}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back Result
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Formula() != r.Formula() || back.Error != r.Error || back.Accuracy != r.Accuracy ||
		fmt.Sprint(back.History) != fmt.Sprint(r.History) || fmt.Sprint(back.Data.Train) != fmt.Sprint(r.Data.Train) {
		t.Errorf("read back: %v, want %v", &back, r)
	}
}
