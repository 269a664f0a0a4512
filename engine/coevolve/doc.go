// Package coevolve evolves players of any two-player game with the
// methods of paper 003 (Samothrakis, Lucas, Runarsson and Robles,
// "Coevolving game-playing agents: measuring performance and
// intransitivities", sections IV-VI), and plays its toy game, matching
// sides.
//
// # Games and players
//
// A Domain is what coevolution needs of a game: a Game, whose Play plays
// one game between two players with forced random moves (engine/tournament's
// contract, the players themselves as arguments), and a Family, which
// maps a real vector of Dim coordinates to a player (optionally with
// Random, a random player's vector, References, fixed players, and
// Coordinates, the names of the coordinates). Othello (the 1-ply weighted
// piece counters of engine/othello, paper 003 section VI) is built in;
// any other game runs with its Domain's Evolve:
//
//	run, err := coevolve.Evolve(ctx, cfg, "runs/nash4", coevolve.Options{})  // cfg.Game: a built-in game ("" is Othello)
//	run, err := myGame.Evolve(ctx, cfg, "", coevolve.Options{})               // myGame a Domain of your own
//
// # Methods
//
// CMA-ES (population 100) proposes vectors, asked and told a whole
// generation at once so that its games are played together, in parallel.
// Config.Optimizer chooses it: CMA (the default) is the CMA-ES of Hansen's
// tutorial (engine/cmaes); Gonum is gonum/optimize's CmaEsChol, kept as an
// ablation (its search freezes: docs/coevolve.md). The methods:
//
//   - NashSolve (section V, Algorithm 1, read as docs/coevolve.md says):
//     a candidate's fitness is its worst result against the archive
//     members, two noise-free games each, ties broken by the mean; the
//     generation's best enters the archive when it beat every member in
//     both seats, the oldest leaving when there are more than |A|;
//   - Heuristic, evolution against a fixed player, the game's first
//     reference player (for Othello 500 games against the standard
//     heuristic at epsilon 0.1: the anti-heuristic player);
//   - ICL, evolution against a fixed set of random players (ICL-500: ten
//     games in each seat against each of 500 at epsilon 0.1; ICL-50,000:
//     one noise-free game in each seat against each of 50,000).
//
// And the methods the paper compares itself with (docs/coevolve.md says
// how we read each source):
//
//   - RoundRobin, straight round-robin coevolution (the candidates play a
//     league); with the ES optimizer, Lucas and Runarsson's parent and ten
//     children with parent-child weighted averaging (ref. [8], the LR
//     player's method);
//   - MaxSolve (de Jong 2005, ref. [31]): the Archive solutions that solve
//     the most archived tests, and the tests that tell them apart;
//   - IPCA (de Jong 2004, ref. [29]): the learners no learner
//     Pareto-dominates over the archived tests, and the tests that show it;
//   - NashMemory (Ficici and Pollack 2003; resource-limited as in Manning
//     2010, ref. [7]): the support of an equilibrium of the players found,
//     and a memory of former support, Archive players in all.
//
// Every run keeps a permanent archive for analysis (stats/ciao): NashSolve's
// newest member every 300/|A| generations, the ES's parent, the archive
// methods' answer (Run.Archive), or the best candidate of every
// generation. PaperConfig gives the paper's settings.
// Domain.Players and Domain.Match make players and a tournament.Game of an
// archive's members.
//
// # Runs
//
// Runs are reproducible: everything random is drawn from streams of the
// run's seed, each game of a generation from its own (engine/tournament's
// numbering), so a run is the same for any number of workers. A run given
// a directory checkpoints there and writes its results atomically
// (run.json, archive.csv, history.csv, admitted.csv); run again with the
// same directory it resumes and ends with exactly the players of an
// uninterrupted run: the textbook CMA-ES's state is saved in the
// checkpoint; gonum's keeps its state in unexported fields, so a resumed
// gonum run restores it by replaying the recorded fitness values of the
// generations done (CmaEsChol's samples depend only on its seed and the
// values told). Othello runs of these three methods write their files,
// checkpoint included, byte for byte as coevo did before there were other
// games (testdata/golden).
//
// # Matching sides
//
// Section IV's toy game, also a Domain (MatchingSides) for the methods'
// tests: Strategy, TableIV (the paper's Table IV, computed
// from the rules), Cycle7 (the cycle of eq. (7)), Equilibria (L:LR and
// R:LR), and two small simulations: RoundRobinSim, round-robin
// coevolution with a population of two, and ArchiveSim, NashSolve's
// archive on matching sides. With mutations that follow the cycle both go
// round it with an archive of one, and an archive holding the four cycle
// members never changes.
//
//	cfg := coevolve.PaperConfig(coevolve.NashSolve, 4, 1) // |A| = 4, seed 1
//	cfg.Generations = 300
//	run, err := coevolve.Evolve(ctx, cfg, "runs/nash4", coevolve.Options{})
//	league, err := run.Domain.Match(run.Permanent, 0.1) // the permanent archive, for stats/ciao
package coevolve
