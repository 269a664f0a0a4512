package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/coevolab/coevo/engine/games"
)

func luckyHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: coevo solve luckynim [--heaps H1,H2,...] [--m M] [--n N] [--json]

Lucky Nim (paper 004): the player to move picks a non-empty heap, then both
players secretly pick a number in [m, n] and x + y counters leave the heap.
Decides, by backward induction over every smaller position, whether the
player to move can force a win whatever the other picks ("win"), the other
can ("loss"), or neither can ("undetermined"), and prints a forcing move.
Paper 004 claims a win exactly when the sum of Omega over the heaps is odd.

Example:
  coevo solve luckynim --heaps 7,13 --m 2 --n 4 --json

Flags:
`)
	fs, _ := luckyFlags()
	flagDefaults(w, fs)
}

func luckyFlags() (*flag.FlagSet, *bool) {
	fs := flag.NewFlagSet("solve luckynim", flag.ContinueOnError)
	spec, _ := games.Lookup("luckynim")
	addGameFlags(fs, spec)
	js := fs.Bool("json", false, `print {"verdict": "win"|"loss"|"undetermined", "forcing_move": {"heap":..,"size":..,"number":..}|null}`)
	return fs, js
}

type luckyMoveJSON struct {
	Heap   int `json:"heap"` // 1-based, in --heaps order
	Size   int `json:"size"`
	Number int `json:"number"`
}

type luckyResult struct {
	Verdict     string         `json:"verdict"`
	ForcingMove *luckyMoveJSON `json:"forcing_move"`
}

func cmdSolveLuckyNim(ctx context.Context, args []string, stdout io.Writer) error {
	fs, js := luckyFlags()
	if err := parseFlags(fs, args, stdout, luckyHelp); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	spec, _ := games.Lookup("luckynim")
	g, heaps, err := games.LuckyNimArgs(gameArgs(fs, spec))
	if err != nil {
		return usagef("%v", err)
	}
	tab, err := g.Solve(ctx, heaps)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return err
		}
		return usagef("--heaps %s: %v", fs.Lookup("heaps").Value, err)
	}
	v, _ := tab.Verdict(heaps)
	moves, _ := tab.ForcingMoves(heaps)
	res := luckyResult{Verdict: v.String()}
	if len(moves) > 0 {
		// The paper's own move when it forces (it does whenever m >= 1),
		// else the first forcing move found.
		m := moves[0]
		for _, c := range moves {
			if g.Omega(heaps[c.Heap]) == 1 && c.Number == g.ForcingNumber(heaps[c.Heap]) {
				m = c
				break
			}
		}
		res.ForcingMove = &luckyMoveJSON{Heap: m.Heap + 1, Size: heaps[m.Heap], Number: m.Number}
	}
	if *js {
		return json.NewEncoder(stdout).Encode(res)
	}
	var om []string
	sum := 0
	for _, k := range heaps {
		om = append(om, fmt.Sprint(g.Omega(k)))
		sum += g.Omega(k)
	}
	fmt.Fprintf(stdout, "lucky nim, numbers in [%d, %d], heaps %s\n", g.M, g.N, fs.Lookup("heaps").Value)
	switch v {
	case games.Win:
		fmt.Fprintln(stdout, "verdict: win (the player to move can force a win whatever the other picks)")
	case games.Loss:
		fmt.Fprintln(stdout, "verdict: loss (the other player can force a win whatever the mover picks)")
	default:
		fmt.Fprintln(stdout, "verdict: undetermined (neither player can force a win; the outcome depends on guessing)")
	}
	fmt.Fprintf(stdout, "paper 004's claim: %s (Omega %s, sum %d)\n", g.Claim(heaps), strings.Join(om, " + "), sum)
	if res.ForcingMove != nil {
		fmt.Fprintf(stdout, "forcing move: heap %d (%d counters), show %d\n", res.ForcingMove.Heap, res.ForcingMove.Size, res.ForcingMove.Number)
		var all []string
		for _, m := range moves {
			all = append(all, fmt.Sprintf("heap %d: %d", m.Heap+1, m.Number))
		}
		fmt.Fprintf(stdout, "all forcing moves: %s\n", strings.Join(all, "; "))
	}
	if v == games.Loss {
		for j, k := range heaps {
			if k == 0 {
				continue
			}
			r, _ := tab.Replies(heaps, j)
			fmt.Fprintf(stdout, "if the mover picks heap %d (%d counters), the other forces a win by showing %s\n", j+1, k, joinInts(r))
		}
	}
	return nil
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, " or ")
}
