package worker

import (
	"encoding/json"
	"testing"
)

// streamEvent decodes the worker's stream events as encoding/json does,
// and declines every other line.
func TestStreamEvent(t *testing.T) {
	for _, line := range []string{
		`{"kind":"stream","name":"stdout","text":"12345\n"}`,
		`{"kind":"stream","name":"stderr","text":"é \"q\" \\ \u0000 \u2028"}`,
		`{"kind":"stream","name":"stdout","text":""}`,
	} {
		e, ok := streamEvent([]byte(line))
		var want Event
		if err := json.Unmarshal([]byte(line), &want); err != nil {
			t.Fatal(err)
		}
		if !ok || e.Kind != want.Kind || e.Name != want.Name || e.Text != want.Text || e.Mark != 0 {
			t.Fatalf("%s: %+v %v, want %+v", line, e, ok, want)
		}
	}
	for _, line := range []string{
		`{"kind":"stream","name":"stdout","text":"a","mark":1}`,
		`{"kind":"stream","name":"stdout","text":"a"} `,
		`{"kind":"stream","name":"other","text":"a"}`,
		`{"kind":"display","data":{"text/plain":"x"},"mark":3}`,
		`{"kind":"stream","name":"stdout","text":"open}`,
		`{"kind":"stream","name":"stdout","text":`,
	} {
		if e, ok := streamEvent([]byte(line)); ok {
			t.Fatalf("%s: taken as %+v", line, e)
		}
	}
}

func BenchmarkStreamEvent(b *testing.B) {
	line := []byte(`{"kind":"stream","name":"stdout","text":"12345\n"}`)
	for b.Loop() {
		streamEvent(line)
	}
}

func BenchmarkStreamEventJSON(b *testing.B) {
	line := []byte(`{"kind":"stream","name":"stdout","text":"12345\n"}`)
	for b.Loop() {
		var e Event
		json.Unmarshal(line, &e)
	}
}
