// Package tournament plays many games between numbered players of any
// two-player game, in parallel and reproducibly, and collects the results
// for stats/bt.
//
// A game is anything with a method Play(first, second int, rng) that
// returns the first player's score (1, 0.5 or 0); othello.Match is one.
// A Fixture is a number of games between two players in fixed seats.
// RoundRobin plays a league, every pair half its games in each seat (paper
// 003 section III-B); Against plays one player against a set (the
// performance measure of paper 003 fig. 5); Play plays any list of
// fixtures.
//
// Game r of player i (first) against player j draws all its randomness
// from its own stream, Stream(seed, i, j, r), so the results are the same
// for any number of workers or GOMAXPROCS, and a game does not change when
// players are added to the schedule.
//
// Results keep every game's score. Points gives the points matrix of paper
// 003 Table VI, BT the seated matchups that bt.Fit rates, DataFrame the
// points table, GamesFrame and WriteCSV one row per game in the "games"
// format that bt.ReadFile and coevo bt fit --format games read.
//
//	m := &othello.Match{Players: []othello.Player{othello.Heuristic(), othello.RandomWPC(1)}, Epsilon: 0.1}
//	res, _ := tournament.RoundRobin(ctx, m, []string{"heuristic", "random:1"}, 100, tournament.Options{Seed: 1})
//	fit, _ := bt.Fit(res.BT())
package tournament
