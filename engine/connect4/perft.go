package connect4

import "fmt"

// Perft counts the leaves of the game tree below b at the given depth: a
// finished game (a win or a full board) is a leaf whatever depth
// remains. From the start, every game lasts at least seven plies, so
// depths 1-7 give 7^depth.
func Perft(b Board, depth int) int64 {
	if depth == 0 || b.Over() {
		return 1
	}
	var n int64
	open := b.open()
	for c := 0; c < Columns; c++ {
		if open&(1<<c) != 0 {
			n += Perft(b.play(c), depth-1)
		}
	}
	return n
}

// Positions returns the number of distinct positions after each number
// of plies from 0 to plies: the positions reachable from the start in
// exactly that many moves, a finished game not being played on. These
// are the numbers of OEIS A212693 (1, 7, 49, 238, 1120, 4263, ...).
func Positions(plies int) ([]int64, error) {
	if plies < 0 || plies > 12 {
		return nil, fmt.Errorf("connect4: positions after %d plies: want 0 to 12 (memory grows with the count: 12 million at 12)", plies)
	}
	level := map[[2]uint64]Board{{}: Start()}
	counts := []int64{1}
	for p := 1; p <= plies; p++ {
		next := make(map[[2]uint64]Board, len(level)*4)
		for _, b := range level {
			if b.Over() {
				continue
			}
			open := b.open()
			for c := 0; c < Columns; c++ {
				if open&(1<<c) != 0 {
					n := b.play(c)
					next[n.stones] = n
				}
			}
		}
		counts = append(counts, int64(len(next)))
		level = next
	}
	return counts, nil
}
