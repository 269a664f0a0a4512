package bt_test

import (
	"strings"
	"testing"

	"github.com/coevolab/coevo/stats/bt"
)

// Games split over several files, in several formats, combine into the
// games of one file; renaming synonyms and keeping or leaving out players
// give what the same edits of the file would; by pairs and by matchups
// alike.
func TestCombineRenameSelect(t *testing.T) {
	part1 := "[White \"ann\"]\n[Black \"bob\"]\n[Result \"1-0\"]\n\n1-0\n[White \"bob\"]\n[Black \"cat\"]\n[Result \"1/2-1/2\"]\n\n1/2-1/2\n"
	part2 := "player_a,player_b,score_a\ncat,ann,1\nann,bob,0\nAnn B.,dan,1\n"
	part3 := "a,b,wins_a,wins_b,draws\nbob,cat,1,0,0\ncat,ann,0,0,1\nann,cat,1,0,0\ndan,bob,2,1,0\n"
	whole := "player_a,player_b,score_a\nann,bob,1\nbob,cat,0.5\ncat,ann,1\nann,bob,0\nAnn B.,dan,1\nbob,cat,1\ncat,ann,0.5\nann,cat,1\ndan,bob,1\ndan,bob,1\ndan,bob,0\n"
	var rs []*bt.Results
	var names [][]string
	var ps []*bt.Pairs
	for _, part := range []string{part1, part2, part3} {
		r, err := bt.Read(strings.NewReader(part), "part", "")
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
		n, p, err := bt.ReadPairs(strings.NewReader(part), "part", "")
		if err != nil {
			t.Fatal(err)
		}
		names, ps = append(names, n), append(ps, p)
	}
	want, err := bt.Read(strings.NewReader(whole), "whole", "games")
	if err != nil {
		t.Fatal(err)
	}
	all := bt.Combine(rs...)
	samePairs(t, "Combine", all, want)
	players, pairs := bt.CombinePairs(names, ps)
	samePairs(t, "CombinePairs", asResults(players, pairs), want)

	// Synonyms: "Ann B." is ann; her game against herself (none here)
	// would be dropped.
	alias := map[string]string{"Ann B.": "ann"}
	renamedWhole, err := bt.Read(strings.NewReader(strings.ReplaceAll(whole, "Ann B.", "ann")), "whole", "games")
	if err != nil {
		t.Fatal(err)
	}
	r, dropped := all.Renamed(alias)
	samePairs(t, "Renamed", r, renamedWhole)
	rp, pp, droppedP := bt.RenamePairs(players, pairs, alias)
	samePairs(t, "RenamePairs", asResults(rp, pp), renamedWhole)
	if dropped != 0 || droppedP != 0 || len(r.Players) != 4 || len(rp) != 4 {
		t.Fatalf("dropped %v %v, players %v %v", dropped, droppedP, r.Players, rp)
	}
	self, dropped := all.Renamed(map[string]string{"Ann B.": "dan"})
	if dropped != 1 || len(self.Players) != 4 {
		t.Fatalf("a game between two names of dan: dropped %v, players %v", dropped, self.Players)
	}

	// Keep ann, bob and cat: dan's games go, and "Ann B." with them.
	keep := func(p string) bool { return p == "ann" || p == "bob" || p == "cat" }
	var kept []string
	for _, line := range strings.Split(strings.TrimSpace(whole), "\n") {
		if !strings.Contains(line, "dan") {
			kept = append(kept, line)
		}
	}
	wantKept, err := bt.Read(strings.NewReader(strings.Join(kept, "\n")+"\n"), "kept", "games")
	if err != nil {
		t.Fatal(err)
	}
	sel := all.Select(keep)
	samePairs(t, "Select", sel, wantKept)
	sp, spp := bt.SelectPairs(players, pairs, keep)
	samePairs(t, "SelectPairs", asResults(sp, spp), wantKept)
	if len(sel.Players) != 3 || len(sp) != 3 {
		t.Fatalf("players %v, %v", sel.Players, sp)
	}
}

// asResults turns pairs back into results, for comparing.
func asResults(players []string, p *bt.Pairs) *bt.Results {
	r := bt.NewResults()
	for _, name := range players {
		r.Player(name)
	}
	for k := range p.I {
		r.Add(players[p.I[k]], players[p.J[k]], p.WinsI[k], p.WinsJ[k], p.Draws[k], bt.NoSeat)
	}
	return r
}
