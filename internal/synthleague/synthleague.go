// Package synthleague writes synthetic tournaments for the rating
// benchmarks: players with Elo uniform on [1000, 2200], games between
// random pairs, won, lost or drawn by Davidson's model (nu = 0.6, 23%
// draws between equals; or, with League.NoDraws, every game decided by the
// Bradley-Terry model), written as the same games in three formats: PGN, a
// games CSV (first,second,result) and a pairs CSV (a,b,wins_a,wins_b,draws,
// one row per pair that played, in the order the pairs first met).
package synthleague

import (
	"bufio"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
)

// Files are the paths of one tournament in each format.
type Files struct {
	PGN, Games, Pairs string
}

// Path returns the file of a format: "pgn", "games" or "pairs".
func (f Files) Path(format string) string {
	switch format {
	case "pgn":
		return f.PGN
	case "games":
		return f.Games
	}
	return f.Pairs
}

// Write writes a tournament of n players and the given number of games
// into dir (files named league-NxG.*) and returns them with each
// player's true Elo (players are p0, p1, ...).
func Write(dir string, n, games int, seed uint64) (Files, map[string]float64, error) {
	return WriteSpread(dir, n, games, seed, 1200)
}

// WriteSpread is Write with Elo uniform on [1000, 1000+spread] (files
// named league-NxG-sS.* when spread is not 1200).
func WriteSpread(dir string, n, games int, seed uint64, spread float64) (Files, map[string]float64, error) {
	return League{Players: n, Games: games, Seed: seed, Spread: spread}.Write(dir)
}

// League describes a synthetic tournament.
type League struct {
	Players, Games int
	Seed           uint64
	// Spread: Elo uniform on [1000, 1000+Spread] (0: 1200).
	Spread float64
	// NoDraws: every game is won or lost, by the Bradley-Terry model
	// (Davidson's with nu = 0), instead of 23% draws between equals.
	NoDraws bool
}

// Name is the files' base name: league-NxG, then -sS when the spread is
// not 1200 and -nodraw without draws.
func (l League) Name() string {
	base := fmt.Sprintf("league-%dx%d", l.Players, l.Games)
	if l.Spread != 0 && l.Spread != 1200 {
		base += fmt.Sprintf("-s%g", l.Spread)
	}
	if l.NoDraws {
		base += "-nodraw"
	}
	return base
}

// Write writes the tournament into dir and returns its files with each
// player's true Elo (players are p0, p1, ...).
func (l League) Write(dir string) (Files, map[string]float64, error) {
	n, games, seed, spread := l.Players, l.Games, l.Seed, l.Spread
	if spread == 0 {
		spread = 1200
	}
	base := filepath.Join(dir, l.Name())
	files := Files{PGN: base + ".pgn", Games: base + ".games.csv", Pairs: base + ".pairs.csv"}
	rng := rand.New(rand.NewPCG(seed, 7))
	elo := make([]float64, n)
	truth := map[string]float64{}
	for i := range elo {
		elo[i] = 1000 + spread*rng.Float64()
		truth[fmt.Sprint("p", i)] = elo[i]
	}
	pgn, err := create(files.PGN)
	if err != nil {
		return files, nil, err
	}
	csv, err := create(files.Games)
	if err != nil {
		return files, nil, err
	}
	fmt.Fprintln(csv, "first,second,result")
	type pair struct{ a, b int32 }
	counts := map[pair]*[3]int32{}
	var order []pair
	nu := 0.6
	if l.NoDraws {
		nu = 0
	}
	for g := 0; g < games; g++ {
		a, b := rng.IntN(n), rng.IntN(n-1)
		if b >= a {
			b++
		}
		ga, gb := math.Pow(10, elo[a]/400), math.Pow(10, elo[b]/400)
		z := ga + gb + nu*math.Sqrt(ga*gb)
		res, o := "1/2-1/2", 2
		switch u := rng.Float64() * z; {
		case u < ga:
			res, o = "1-0", 0
		case u < ga+gb:
			res, o = "0-1", 1
		}
		fmt.Fprintf(pgn, "[White \"p%d\"]\n[Black \"p%d\"]\n[Result \"%s\"]\n\n%s\n\n", a, b, res, res)
		fmt.Fprintf(csv, "p%d,p%d,%s\n", a, b, res)
		if a > b {
			a, b = b, a
			if o < 2 {
				o ^= 1
			}
		}
		k := pair{int32(a), int32(b)}
		c := counts[k]
		if c == nil {
			c = &[3]int32{}
			counts[k] = c
			order = append(order, k)
		}
		c[o]++
	}
	if err := pgn.close(); err != nil {
		return files, nil, err
	}
	if err := csv.close(); err != nil {
		return files, nil, err
	}
	pairs, err := create(files.Pairs)
	if err != nil {
		return files, nil, err
	}
	fmt.Fprintln(pairs, "a,b,wins_a,wins_b,draws")
	for _, k := range order {
		c := counts[k]
		fmt.Fprintf(pairs, "p%d,p%d,%d,%d,%d\n", k.a, k.b, c[0], c[1], c[2])
	}
	return files, truth, pairs.close()
}

type file struct {
	*bufio.Writer
	f *os.File
}

func create(path string) (*file, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	return &file{bufio.NewWriterSize(f, 1<<20), f}, nil
}

func (f *file) close() error {
	if err := f.Flush(); err != nil {
		f.f.Close()
		return err
	}
	return f.f.Close()
}
