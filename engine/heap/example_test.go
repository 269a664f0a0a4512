package heap_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/coevolab/coevo/engine/heap"
)

// Kayles' nim-sequence and its period (OEIS A002186).
func ExampleRule_Sequence() {
	k := heap.Kayles()
	g, _ := k.Sequence(300)
	fmt.Println(g[:12])
	fmt.Println(k.Period(g))
	// Output:
	// [0 1 2 3 1 4 3 2 1 4 2 6]
	// period 12, pre-period 71 (periodic from n = 71), proved from 301 values
}

// Bouton's winning move in Nim (paper 004): *(3,4,5,1) has nim-sum 3.
func ExampleSum_WinningMove() {
	s, _ := heap.NewSum(heap.Nim(), []int{3, 4, 5, 1})
	m, _ := s.WinningMove()
	fmt.Println("nim-sum", s.Value(), "winning move:", m)
	// Output: nim-sum 3 winning move: heap 1: 3 -> [0]
}

// Proving a period as soon as it holds: .127 is periodic with period 4
// after its last exception at n = 46577 (OEIS A071464; Gangolli and
// Plambeck, 1989). The run stops at the 93,167 values the proof needs.
func ExampleRule_Analyze() {
	r, _ := heap.Octal("0.127")
	a, _ := r.Analyze(context.Background(), 1<<24, heap.AnalyzeOptions{StopAtPeriod: true})
	fmt.Println(a.Period)
	fmt.Println(len(a.Values), "values,", a.Rare, "rare")
	// Output:
	// period 4, pre-period 46578 (periodic from n = 46578), proved from 93167 values
	// 93167 values, 693 rare
}

// Writing the values as they become final instead of holding them all:
// the run keeps each in the 1 or 2 bytes it needs. Grundy's game, OEIS
// A002188.
func ExampleAnalyzeOptions_emit() {
	var out []string
	_, err := heap.GrundysGame().Analyze(context.Background(), 20, heap.AnalyzeOptions{
		Emit: func(from int, g []int32) error {
			for k, v := range g {
				out = append(out, fmt.Sprintf("g(%d)=%d", from+k, v))
			}
			return nil
		},
	})
	fmt.Println(err, out[13:18])
	// Output: <nil> [g(13)=3 g(14)=2 g(15)=1 g(16)=3 g(17)=2]
}

// A long run saves its values (Checkpoint, here once, on Ctrl-C: the
// context) and a later run resumes from the file (ResumeFrom), reading
// them straight into its own storage; it ends as a run in one go would.
// Grundy's game: g(20) = 0 (OEIS A002188).
func ExampleAnalyzeOptions_resumeFrom() {
	dir, _ := os.MkdirTemp("", "sg")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "grundy.ckpt")
	r := heap.GrundysGame()
	ctx, stop := context.WithCancel(context.Background())
	stop() // as if Ctrl-C came at once: the values known are saved
	r.Analyze(ctx, 1_000_000, heap.AnalyzeOptions{Checkpoint: func(save func(io.Writer) error) error {
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		defer f.Close()
		return save(f)
	}})
	f, _ := os.Open(path)
	defer f.Close()
	a, err := r.Analyze(context.Background(), 20, heap.AnalyzeOptions{ResumeFrom: f})
	fmt.Println(a.Values, err)
	// Output: [0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0] <nil>
}
