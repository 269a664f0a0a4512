package worker

import (
	"strings"
	"testing"
)

func TestCrashFilter(t *testing.T) {
	var out strings.Builder
	emit := func(b []byte) { out.Write(b) }
	c := &crashFilter{}
	c.write([]byte("partial "), emit, false)
	c.write([]byte("line\npan"), emit, false)
	if out.String() != "partial line\n" {
		t.Fatalf("%q", out.String())
	}
	c.write([]byte("ic: x\n\ngoroutine 1 [running]:\n"), emit, false)
	if out.String() != "partial line\n" || c.report() != "panic: x\n\ngoroutine 1 [running]:\n" {
		t.Fatalf("out %q report %q", out.String(), c.report())
	}
	// A flush marker: the worker lived, the text was output after all.
	c.write(nil, emit, true)
	if out.String() != "partial line\npanic: x\n\ngoroutine 1 [running]:\n" || c.report() != "" {
		t.Fatalf("out %q report %q", out.String(), c.report())
	}
}

func TestFormatBytes(t *testing.T) {
	for n, want := range map[int64]string{512: "512 B", 3 << 10: "3 KiB", 200 << 20: "200 MiB", 12 << 30: "12 GiB", 3 << 29: "1.5 GiB"} {
		if got := FormatBytes(n); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestCrashedCell(t *testing.T) {
	type want struct {
		cell string
		id   int
	}
	for report, w := range map[string]want{
		"panic: x\n\ngoroutine 18 [running labels:{\"coevo-cell\": \"In[2]\", \"coevo-cell-id\": \"5\"}]:\nmain.f()\n":                                                                      {"In[2]", 5},
		"panic: x\n\ngoroutine 18 [running labels:{\"a\": \"b\\\"\", \"coevo-cell\": \"In[12]\"}]:\n":                                                                                       {"In[12]", 0},
		"panic: x\n\ngoroutine 18 [running]:\n\ngoroutine 3 [chan receive labels:{\"coevo-cell\": \"In[1]\"}]:\n":                                                                           {"", 0},
		"fatal error: stack overflow\n\nruntime stack:\nx\n\ngoroutine 7 gp=0x9b0553052c0 m=3 mp=0x9b05529f008 [running labels:{\"coevo-cell\": \"silent\", \"coevo-cell-id\": \"12\"}]:\n": {"silent", 12},
		"panic: x\n": {"", 0},
	} {
		if cell, id := crashedCell(report); cell != w.cell || id != w.id {
			t.Errorf("%q: %q %d, want %q %d", report, cell, id, w.cell, w.id)
		}
	}
}
