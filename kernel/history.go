package kernel

import "path"

// historyEntry is a cell in the history: its input and the text of its
// result ("" if none).
type historyEntry struct {
	Input, Output string
}

// historyRequest is the content of a history_request.
type historyRequest struct {
	Output         bool   `json:"output"`
	Raw            bool   `json:"raw"`
	HistAccessType string `json:"hist_access_type"`
	Session        int    `json:"session"`
	Start          int    `json:"start"`
	Stop           int    `json:"stop"`
	N              int    `json:"n"`
	Pattern        string `json:"pattern"`
	Unique         bool   `json:"unique"`
}

// thisSession numbers the kernel's one session in history replies.
const thisSession = 1

// history answers a history request: entries are [session, line, input]
// or, with output, [session, line, [input, output]]; lines count from 1.
func history(all []historyEntry, r historyRequest) [][]any {
	type line struct {
		n int
		e historyEntry
	}
	var sel []line
	switch r.HistAccessType {
	case "range":
		if r.Session != 0 && r.Session != thisSession {
			break
		}
		stop := r.Stop
		if stop <= 0 || stop > len(all)+1 {
			stop = len(all) + 1
		}
		for n := max(r.Start, 1); n < stop; n++ {
			sel = append(sel, line{n, all[n-1]})
		}
	case "search":
		seen := map[string]bool{}
		for i := len(all) - 1; i >= 0; i-- {
			if ok, _ := path.Match(r.Pattern, all[i].Input); !ok {
				continue
			}
			if r.Unique && seen[all[i].Input] {
				continue
			}
			seen[all[i].Input] = true
			sel = append([]line{{i + 1, all[i]}}, sel...)
			if r.N > 0 && len(sel) == r.N {
				break
			}
		}
	default: // "tail"
		from := 0
		if r.N > 0 && r.N < len(all) {
			from = len(all) - r.N
		}
		for i := from; i < len(all); i++ {
			sel = append(sel, line{i + 1, all[i]})
		}
	}
	out := make([][]any, 0, len(sel))
	for _, l := range sel {
		if r.Output {
			out = append(out, []any{thisSession, l.n, []string{l.e.Input, l.e.Output}})
		} else {
			out = append(out, []any{thisSession, l.n, l.e.Input})
		}
	}
	return out
}
