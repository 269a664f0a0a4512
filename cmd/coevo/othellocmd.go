package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/coevolab/coevo/engine/othello"
	"github.com/coevolab/coevo/engine/tournament"
	"github.com/coevolab/coevo/internal/shard"
)

func othelloHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: coevo othello perft|play|league|show [flags]

Othello on bitboards with the 1-ply weighted-piece-counter (WPC) players of
paper 003 section VI (docs/othello.md).

  perft   count the game tree from the start, or from a position given by
          --moves or --board (a pass is a move, a finished game a leaf):
          from the start depths 1-6 give 4, 12, 56, 244, 1396, 8200
  play    N games between two players in fixed seats
  league  a round robin: every pair plays N games, half in each seat;
          prints the points table and writes one CSV line per game
  show    one game: the move list and the final board, as text and SVG/PNG

Players: `+othello.PlayerSpecs+`.
Each side makes a forced random move with probability --epsilon (paper 003:
0.1). Game r of player i (first, black) against player j draws from its own
stream, derived from --seed, i, j and r, so results do not depend on
--workers, and "play --seed S" plays the same games as the first pairing of
"league --seed S"; "show --seed S" shows game 0 of "play --seed S".

Examples:
  coevo othello perft --depth 6 --json
  coevo othello perft --depth 8 --moves "f5 d6 c3"
  coevo othello play --black heuristic --white random:1 --games 1000 --json
  coevo othello league --players heuristic,random:1,random:2 --games 100 --out results.csv
  coevo bt fit results.csv --format games
  coevo othello show --black heuristic --white random-mover --seed 3 --svg game.svg

Run "coevo othello COMMAND --help" for a command's flags.
`)
}

func cmdOthello(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usagef("missing subcommand: perft, play, league or show (see coevo othello --help)")
	}
	switch args[0] {
	case "-h", "--help", "-help", "help":
		othelloHelp(stdout)
		return errHelp
	case "perft":
		return othelloPerft(ctx, args[1:], stdout)
	case "play":
		return othelloPlay(ctx, args[1:], stdout, stderr)
	case "league":
		return othelloLeague(ctx, args[1:], stdout, stderr)
	case "show":
		return othelloShow(ctx, args[1:], stdout)
	}
	return usagef("unknown subcommand %q (want perft, play, league or show)", args[0])
}

// parseSub parses the flags of an othello subcommand, which takes no
// other arguments; --help prints usage, about and the flags.
func parseSub(fs *flag.FlagSet, args []string, stdout io.Writer, usage, about string) error {
	help := func(w io.Writer) {
		fmt.Fprintf(w, "Usage: coevo othello %s\n\n%s\n\nFlags:\n", usage, about)
		flagDefaults(w, fs)
	}
	if err := parseFlags(fs, args, stdout, help); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	return nil
}

type perftOpts struct {
	depth, workers int
	json           bool
	moves, board   string
}

func perftFlags() (*flag.FlagSet, *perftOpts) {
	o := &perftOpts{}
	fs := flag.NewFlagSet("othello perft", flag.ContinueOnError)
	fs.IntVar(&o.depth, "depth", 6, "plies to count")
	fs.StringVar(&o.moves, "moves", "", `count from the position after these moves from the start, e.g. "f5 d6 c3" or f5d6c3`)
	fs.StringVar(&o.board, "board", "", "count from this position: 64 squares a1-h8 (X black, O white, - empty), then the side to move (X or O), as Board.Compact writes it")
	fs.IntVar(&o.workers, "workers", 0, "parallel subtrees (0: all cores); the count does not depend on it")
	fs.BoolVar(&o.json, "json", false, `print {"depth":D,"nodes":N}, with "position" when --moves or --board gives one`)
	return fs, o
}

func othelloPerft(ctx context.Context, args []string, stdout io.Writer) error {
	fs, o := perftFlags()
	if err := parseSub(fs, args, stdout, "perft --depth D [--moves RECORD | --board POSITION] [--json]",
		"Counts the leaves of the game tree at depth D, from the start or from a\n"+
			"position: a pass counts as a move and a finished game is a leaf (the\n"+
			"published convention)."); err != nil {
		return err
	}
	if o.depth < 0 || o.depth > 30 {
		return usagef("--depth %d: want 0 to 30 (depth 12 already takes seconds)", o.depth)
	}
	if err := checkWorkers(o.workers); err != nil {
		return err
	}
	b, given, err := perftPosition(o)
	if err != nil {
		return err
	}
	t0 := time.Now()
	n, err := othello.PerftContext(ctx, b, o.depth, o.workers)
	if err != nil {
		return err
	}
	if o.json {
		out := struct {
			Depth    int    `json:"depth"`
			Nodes    int64  `json:"nodes"`
			Position string `json:"position,omitempty"`
		}{Depth: o.depth, Nodes: n}
		if given {
			out.Position = b.Compact()
		}
		return json.NewEncoder(stdout).Encode(out)
	}
	from := ""
	if given {
		from = " from " + b.Compact()
	}
	fmt.Fprintf(stdout, "perft %d%s: %d nodes (%.3fs)\n", o.depth, from, n, time.Since(t0).Seconds())
	return nil
}

// perftPosition returns the position of --moves or --board (given), or
// the start.
func perftPosition(o *perftOpts) (b othello.Board, given bool, err error) {
	switch {
	case o.moves != "" && o.board != "":
		return b, false, usagef("--moves and --board both give a position: give one")
	case o.moves != "":
		g, err := othello.Replay(o.moves)
		if err != nil {
			return b, false, usagef("--moves: %v", err)
		}
		return g.Final, true, nil
	case o.board != "":
		b, err := othello.ParseBoard(o.board)
		if err != nil {
			return b, false, usagef("--board: %s", strings.TrimPrefix(err.Error(), "board: "))
		}
		return b, true, nil
	}
	return othello.Start(), false, nil
}

// matchOpts are the flags common to play, league and show.
type matchOpts struct {
	games, workers int
	epsilon        float64
	seed           uint64
}

func (o *matchOpts) register(fs *flag.FlagSet, games bool) {
	if games {
		fs.IntVar(&o.games, "games", 100, "games (a league: per pair, half in each seat)")
		fs.IntVar(&o.workers, "workers", 0, "games in parallel (0: all cores); results do not depend on it")
	}
	fs.Float64Var(&o.epsilon, "epsilon", 0.1, "probability of a forced random move, for either side (paper 003: 0.1)")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the games' random streams")
}

func (o *matchOpts) check() error {
	if o.epsilon < 0 || o.epsilon > 1 {
		return usagef("--epsilon %v: a probability, want 0 to 1", o.epsilon)
	}
	return checkWorkers(o.workers)
}

func (o *matchOpts) options(stderr io.Writer) (tournament.Options, func()) {
	opt := tournament.Options{Seed: o.seed, Workers: o.workers}
	progress, done := progressTo(stderr, "games")
	if progress != nil {
		opt.Progress = func(n, _ int) { progress(n) }
	}
	return opt, done
}

// parsePlayer reads a player name given to a flag; a bad name or WPC file
// is bad usage naming both. A WPC file is read with ctx (a FIFO nobody
// writes waits for Ctrl-C), at most maxWPCBytes of it.
func parsePlayer(ctx context.Context, flagName, spec string) (othello.Player, error) {
	if spec == "" {
		return nil, usagef("missing --%s (a player: %s)", flagName, othello.PlayerSpecs)
	}
	if path, ok := strings.CutPrefix(spec, "file:"); ok && path != "" {
		b, err := readInput(ctx, path, maxWPCBytes, "WPC file")
		if err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			return nil, usagef("--%s: player %q: %v", flagName, spec, err)
		}
		w, err := othello.ParseWPC(bytes.NewReader(b), path)
		if err != nil {
			return nil, usagef("--%s: player %q: %v", flagName, spec, err)
		}
		return w, nil
	}
	p, err := othello.ParsePlayer(spec)
	if err != nil {
		return nil, usagef("--%s: %v", flagName, err)
	}
	return p, nil
}

// maxWPCBytes bounds a WPC file: 64 numbers, with comments.
const maxWPCBytes = 1 << 20

// maxLeagueGames bounds the games of a league: their results (and, with
// --out, their work list) are held in memory, as a sweep's runs are.
const maxLeagueGames = maxSweepRuns

// seated reads --black and --white and names them for a tournament, where
// names must differ.
func seated(ctx context.Context, black, white string) ([]othello.Player, []string, error) {
	b, err := parsePlayer(ctx, "black", black)
	if err != nil {
		return nil, nil, err
	}
	w, err := parsePlayer(ctx, "white", white)
	if err != nil {
		return nil, nil, err
	}
	names := []string{black, white}
	if black == white {
		names = []string{black + " (black)", white + " (white)"}
	}
	return []othello.Player{b, w}, names, nil
}

type playOpts struct {
	matchOpts
	black, white string
	json         bool
}

func playFlags() (*flag.FlagSet, *playOpts) {
	o := &playOpts{}
	fs := flag.NewFlagSet("othello play", flag.ContinueOnError)
	fs.StringVar(&o.black, "black", "", "the black player (moves first)")
	fs.StringVar(&o.white, "white", "", "the white player")
	o.register(fs, true)
	fs.BoolVar(&o.json, "json", false, `print {"black_wins":..,"white_wins":..,"draws":..,"black_points":..}`)
	return fs, o
}

func othelloPlay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, o := playFlags()
	if err := parseSub(fs, args, stdout, "play --black P --white P [--games N] [--epsilon E] [--seed S] [--json]",
		"Plays N games, --black always moving first. Players: "+othello.PlayerSpecs+"."); err != nil {
		return err
	}
	if err := o.check(); err != nil {
		return err
	}
	if o.games < 1 || o.games > tournament.MaxGames {
		return usagef("--games %d: want 1 to %d", o.games, tournament.MaxGames)
	}
	players, names, err := seated(ctx, o.black, o.white)
	if err != nil {
		return err
	}
	opt, done := o.options(stderr)
	res, err := tournament.Play(ctx, &othello.Match{Players: players, Epsilon: o.epsilon}, names,
		[]tournament.Fixture{{First: 0, Second: 1, Games: o.games}}, opt)
	done()
	if err != nil {
		return err
	}
	var bw, ww, draws int
	for _, s := range res.Scores[0] {
		switch s {
		case 1:
			bw++
		case 0:
			ww++
		default:
			draws++
		}
	}
	points := float64(bw) + float64(draws)/2
	if o.json {
		return json.NewEncoder(stdout).Encode(struct {
			BlackWins   int     `json:"black_wins"`
			WhiteWins   int     `json:"white_wins"`
			Draws       int     `json:"draws"`
			BlackPoints float64 `json:"black_points"`
		}{bw, ww, draws, points})
	}
	fmt.Fprintf(stdout, "black %s, white %s: %d games, epsilon %g, seed %d\n", o.black, o.white, o.games, o.epsilon, o.seed)
	fmt.Fprintf(stdout, "black wins %d, white wins %d, draws %d: black scores %g points (%.1f%%)\n",
		bw, ww, draws, points, 100*points/float64(o.games))
	return nil
}

type leagueOpts struct {
	matchOpts
	players, out string
	cluster      *clusterOpts
}

func leagueFlags() (*flag.FlagSet, *leagueOpts) {
	o := &leagueOpts{}
	fs := flag.NewFlagSet("othello league", flag.ContinueOnError)
	fs.StringVar(&o.players, "players", "", "comma-separated players, e.g. heuristic,random:1,random:2,file:w.csv")
	o.register(fs, true)
	fs.StringVar(&o.out, "out", "", "write one line per game to `FILE` (first,second,result,game,epsilon,seed,first_index,second_index: coevo bt fit FILE --format games); also the checkpoint")
	o.cluster = addClusterFlags(fs)
	return fs, o
}

// leagueHeader is the header of a league's results file: a game per line,
// in the "games" format of coevo bt fit (first,second,result) with the
// game's number and the settings its result depends on: the game's random
// stream depends on the places of its players in --players (from 0), so
// that a league resumed with its players in another order is refused.
var leagueHeader = []string{"first", "second", "result", "game", "epsilon", "seed", "first_index", "second_index"}

// leagueJob lists the games of a round robin as a shard.Job, in the order
// of tournament.RoundRobin's fixtures: game r of names[i] (first) against
// names[j] is its own work item, keyed by both names and r.
//
// Listing millions of games takes seconds: it stops when ctx is done.
func leagueJob(ctx context.Context, names []string, games int, epsilon float64, seed uint64) (*shard.Job, []tournament.Fixture, error) {
	job := shard.NewJob("coevo othello league", leagueHeader, []string{"first", "second", "game"}, []string{"epsilon", "seed", "first_index", "second_index"})
	var fx []tournament.Fixture
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			fx = append(fx, tournament.Fixture{First: i, Second: j, Games: games / 2}, tournament.Fixture{First: j, Second: i, Games: games / 2})
		}
	}
	for _, f := range fx {
		settings := leagueSettings(epsilon, seed, f)
		for r := 0; r < f.Games; r++ {
			if r&0xffff == 0 && ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			job.Add([]string{names[f.First], names[f.Second], strconv.Itoa(r)}, settings)
		}
	}
	return job, fx, nil
}

// leagueSettings are the values of the settings columns of fixture f's
// games.
func leagueSettings(epsilon float64, seed uint64, f tournament.Fixture) []string {
	return []string{strconv.FormatFloat(epsilon, 'g', -1, 64), strconv.FormatUint(seed, 10), strconv.Itoa(f.First), strconv.Itoa(f.Second)}
}

// checkLeagueOrder refuses to resume the league of the results file path
// with the players in another order than the one it was played in: the
// games' streams depend on the order, so the rows would not be the games
// of this league. Rows of players not in names are left to the job's
// checks.
func checkLeagueOrder(path string, names []string) error {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	index := map[string]int{}
	for i, n := range names {
		index[n] = i
	}
	r := csv.NewReader(bufio.NewReaderSize(f, 1<<16))
	r.FieldsPerRecord = -1
	head, err := r.Read()
	if err != nil || len(head) != len(leagueHeader) || head[6] != "first_index" {
		return nil
	}
	had := map[string]string{} // the place each player had
	wrong := ""                // the first player whose place differs
	for len(had) < len(names) {
		rec, err := r.Read()
		if err != nil {
			break
		}
		if len(rec) != len(leagueHeader) {
			continue
		}
		for k := range 2 {
			name, at := rec[k], rec[6+k]
			if i, ok := index[name]; ok && had[name] == "" {
				had[name] = at
				if wrong == "" && at != strconv.Itoa(i) {
					wrong = name
				}
			}
		}
	}
	if wrong == "" {
		return nil
	}
	hint := ""
	if order := make([]string, len(names)); len(had) == len(names) {
		for n, at := range had {
			if j, err := strconv.Atoi(at); err == nil && j >= 0 && j < len(order) {
				order[j] = n
			}
		}
		if !slices.Contains(order, "") {
			hint = " (" + strings.Join(order, ",") + ")"
		}
	}
	return usagef("--players: %q played the league in %s as player %s (from 0), and is player %d here: the games' random streams depend on the players' order, so its games are not this league's; give the players in the league's order%s, or write to another file",
		wrong, path, had[wrong], index[wrong], hint)
}

func resultText(s float64) string {
	switch s {
	case 1:
		return "1-0"
	case 0:
		return "0-1"
	}
	return "1/2-1/2"
}

func othelloLeague(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, o := leagueFlags()
	if err := parseSub(fs, args, stdout, "league --players P,P,... [--games N] [--epsilon E] [--seed S] [--out FILE] [--shard I/N | --merge | --slurm ...]",
		"A round robin: every pair plays N games, half with each player moving\nfirst. Prints the points table (row i, column j: what i scored against j)\nand writes the games, for coevo bt fit FILE --format games. The results\nfile is the checkpoint: the same command resumes an interrupted league.\nOn a SLURM cluster (docs/cluster.md), --slurm writes a job array running\none shard of the games per task, and --merge joins the shards' files into\nFILE, byte for byte what one machine writes.\nPlayers: "+othello.PlayerSpecs+"."); err != nil {
		return err
	}
	if err := o.check(); err != nil {
		return err
	}
	if o.games < 2 || o.games%2 != 0 || o.games > 2*tournament.MaxGames {
		return usagef("--games %d: a pair plays half its games in each seat; want an even number from 2 to %d", o.games, 2*tournament.MaxGames)
	}
	split, err := o.cluster.check()
	if err != nil {
		return err
	}
	if o.out == "" {
		if split != shard.Whole || o.cluster.merge || o.cluster.slurm {
			return usagef("--shard, --merge and --slurm need --out FILE")
		}
	} else if !o.cluster.dryRun {
		if err := checkResults("out", o.out, o.cluster.follow); err != nil {
			return err
		}
	}
	var specs []string
	seen := map[string]bool{}
	for _, spec := range strings.Split(o.players, ",") {
		spec = strings.TrimSpace(spec)
		if spec == "" {
			continue
		}
		if seen[spec] {
			return usagef("--players: %q is listed twice", spec)
		}
		seen[spec] = true
		if o.cluster.slurm && strings.HasPrefix(spec, "file:") && !filepath.IsAbs(strings.TrimPrefix(spec, "file:")) {
			return usagef("--players %s: with --slurm give the WPC file's absolute path (array tasks may run elsewhere, and the name goes into every line)", spec)
		}
		if path, ok := strings.CutPrefix(spec, "file:"); ok && o.out != "" {
			if err := notInput("out", o.out, path); err != nil {
				return err
			}
		}
		specs = append(specs, spec)
	}
	if len(specs) < 2 {
		return usagef("--players %q: a league needs at least two players", o.players)
	}
	if n := len(specs); float64(n)*float64(n-1)/2*float64(o.games) > maxLeagueGames {
		return usagef("--players: %d players at --games %d make %d games, more than %d (a league holds its results in memory): fewer players or games, or several leagues",
			n, o.games, n*(n-1)/2*o.games, maxLeagueGames)
	}
	var names []string
	var players []othello.Player
	for _, spec := range specs {
		p, err := parsePlayer(ctx, "players", spec)
		if err != nil {
			return err
		}
		names, players = append(names, spec), append(players, p)
	}
	match := &othello.Match{Players: players, Epsilon: o.epsilon}
	if o.out == "" {
		opt, done := o.options(stderr)
		res, err := tournament.RoundRobin(ctx, match, names, o.games, opt)
		done()
		if err != nil {
			return err
		}
		return printLong(ctx, stdout, func() (string, error) { return res.String(), nil })
	}
	job, fixtures, err := leagueJob(ctx, names, o.games, o.epsilon, o.seed)
	if err != nil {
		return err
	}
	if err := o.cluster.fits(job, split); err != nil {
		return err
	}
	command := coevoCommand("othello", "league", "--players", strings.Join(names, ","), "--games", strconv.Itoa(o.games),
		"--epsilon", strconv.FormatFloat(o.epsilon, 'g', -1, 64), "--seed", strconv.FormatUint(o.seed, 10), "--out", absPath(o.out))
	switch {
	case o.cluster.slurm:
		return o.cluster.runSLURM(ctx, job, "coevo othello league", absPath(o.out), command, command, stdout)
	case o.cluster.merge:
		return o.cluster.runMerge(job, o.out, stdout)
	}
	if err := checkLeagueOrder(o.out, names); err != nil {
		return err
	}
	log, err := job.Open(o.out, split)
	if err != nil {
		return shardError(err)
	}
	defer log.Close()
	for _, n := range log.Notes() {
		fmt.Fprintln(stderr, "coevo othello league:", n)
	}
	todo := log.Todo()
	if log.Resumed() > 0 {
		fmt.Fprintf(stderr, "coevo othello league: %d games to play, %d already in %s\n", len(todo), log.Resumed(), log.Path())
	}
	// Work item i is game r of fixture k, in fixture order.
	type game struct{ k, r int }
	items := make([]game, 0, job.Len())
	for k, f := range fixtures {
		for r := 0; r < f.Games; r++ {
			items = append(items, game{k, r})
		}
	}
	step, end := countProgress(stderr, "coevo othello league", "games", len(todo))
	err = forEach(ctx, todo, o.workers, step, func(_ context.Context, i int) error {
		f := fixtures[items[i].k]
		r := items[i].r
		s, err := match.Play(f.First, f.Second, tournament.Stream(o.seed, f.First, f.Second, r))
		if err != nil {
			return fmt.Errorf("game %d of %s (first) against %s: %w", r, names[f.First], names[f.Second], err)
		}
		return log.Add(i, append([]string{names[f.First], names[f.Second], resultText(s), strconv.Itoa(r)}, leagueSettings(o.epsilon, o.seed, f)...))
	})
	end()
	if cerr := log.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if !split.IsWhole() {
		fmt.Fprintf(stdout, "%d games of shard %s in %s\n", len(split.Items(job.Len())), split, log.Path())
		return nil
	}
	err = printLong(ctx, stdout, func() (string, error) {
		res, err := readLeague(o.out, names, fixtures, o.seed)
		if err != nil {
			return "", err
		}
		return res.String(), nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d games written to %s (coevo bt fit %s --format games rates them)\n", job.Len(), o.out, o.out)
	return nil
}

// readLeague reads a league's results file back into tournament.Results,
// for the points table.
func readLeague(path string, names []string, fixtures []tournament.Fixture, seed uint64) (*tournament.Results, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	idx := map[[2]string]int{}
	res := &tournament.Results{Players: names, Fixtures: fixtures, Seed: seed, Scores: make([][]float64, len(fixtures))}
	for k, fx := range fixtures {
		idx[[2]string{names[fx.First], names[fx.Second]}] = k
		res.Scores[k] = make([]float64, fx.Games)
	}
	r := csv.NewReader(f)
	r.FieldsPerRecord = len(leagueHeader)
	if _, err := r.Read(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		k, ok := idx[[2]string{rec[0], rec[1]}]
		g, gerr := strconv.Atoi(rec[3])
		if !ok || gerr != nil || g < 0 || g >= fixtures[k].Games {
			return nil, fmt.Errorf("%s: a line %v that is not a game of this league", path, rec)
		}
		res.Scores[k][g] = map[string]float64{"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[rec[2]]
	}
	return res, nil
}

type showOpts struct {
	matchOpts
	black, white, svg, png string
}

func showFlags() (*flag.FlagSet, *showOpts) {
	o := &showOpts{}
	fs := flag.NewFlagSet("othello show", flag.ContinueOnError)
	fs.StringVar(&o.black, "black", "", "the black player (moves first)")
	fs.StringVar(&o.white, "white", "", "the white player")
	o.register(fs, false)
	fs.StringVar(&o.svg, "svg", "", "draw the final board and the move list to `FILE` (SVG)")
	fs.StringVar(&o.png, "png", "", "the same picture as PNG to `FILE`")
	return fs, o
}

func othelloShow(ctx context.Context, args []string, stdout io.Writer) error {
	fs, o := showFlags()
	if err := parseSub(fs, args, stdout, "show --black P --white P [--seed S] [--epsilon E] [--svg FILE] [--png FILE]",
		"Plays one game (game 0 of \"coevo othello play\" with the same seed) and\nprints the numbered moves (* marks a forced random move), the final board\nand the result; --svg and --png draw the final board with each disc\nnumbered by the move that placed it, and the move list."); err != nil {
		return err
	}
	if err := o.check(); err != nil {
		return err
	}
	outs := []output{{"svg", o.svg}, {"png", o.png}}
	for _, out := range outs {
		if out.path == "" {
			continue
		}
		if err := checkOutput(out.flag, out.path); err != nil {
			return err
		}
		for _, spec := range []string{o.black, o.white} {
			if in, ok := strings.CutPrefix(spec, "file:"); ok {
				if err := notInput(out.flag, out.path, in); err != nil {
					return err
				}
			}
		}
	}
	if err := distinctOutputs(outs...); err != nil {
		return err
	}
	players, _, err := seated(ctx, o.black, o.white)
	if err != nil {
		return err
	}
	g, err := othello.Play(players[0], players[1], o.epsilon, tournament.Stream(o.seed, 0, 1, 0))
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "black %s, white %s, epsilon %g, seed %d\n%v\n", o.black, o.white, o.epsilon, o.seed, g)
	if o.svg != "" {
		if err := writeOutput(ctx, "svg", o.svg, func(w io.Writer) error {
			_, err := io.WriteString(w, g.SVG())
			return err
		}); err != nil {
			return err
		}
	}
	if o.png != "" {
		data, err := g.PNG()
		if err != nil {
			return fmt.Errorf("--png %s: %w", o.png, err)
		}
		if err := writeOutput(ctx, "png", o.png, func(w io.Writer) error {
			_, err := w.Write(data)
			return err
		}); err != nil {
			return err
		}
	}
	return nil
}
