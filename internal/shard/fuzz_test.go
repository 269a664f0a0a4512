package shard

import (
	"bytes"
	"errors"
	"slices"
	"testing"
)

// The reader of results files (what resume and merge read) never panics;
// every error is a *FileError naming the file; a row it accepts belongs to
// the job, has the job's settings and its shard; and the rows it accepts,
// written back in work order, read back the same (strictly: no
// duplicates left). Run on the committed corpus by go test; make fuzz
// runs it longer.
func FuzzReadResults(f *testing.F) {
	j := testJob("100", []int{8, 12}, 3)
	var whole bytes.Buffer
	var rows [][]string
	for i := 0; i < j.Len(); i++ {
		rows = append(rows, testRow(j, i))
	}
	j.write(&whole, rows)
	for _, s := range []string{
		whole.String(),
		"game,size,seed,budget,result\nnim,8,1,100,71\nnim,8,1,100,71\n",
		"game,size,seed,budget,result\nnim,12,3,100,165\nnim,8,1,100,71\n",
		"game,size,seed,budget,result\nnim,8,1,999,71\n",
		"game,size,seed,budget,result\nnim,9,1,100,88\n",
		"game,size,seed,budget,result\nnim,8,1,100\n",
		"game,size,seed\n",
		"game,size,seed,budget,result\nnim,8,\"1,100,71\n",
		"",
	} {
		f.Add([]byte(s), uint8(0), false)
	}
	f.Add(whole.Bytes(), uint8(3), true)
	f.Fuzz(func(t *testing.T, data []byte, shard uint8, strict bool) {
		s := Whole
		if n := int(shard%4) + 1; n > 1 {
			s = Split{int(shard/4) % n, n}
		}
		tab, err := j.read("r.csv", data, s, strict)
		if err != nil {
			var fe *FileError
			if !errors.As(err, &fe) || fe.Path != "r.csv" {
				t.Fatalf("error %T: %v", err, err)
			}
			return
		}
		held := 0
		for i, r := range tab.rows {
			if r == nil {
				continue
			}
			held++
			if !s.Owns(i) || len(r) != len(j.header) || r[0] != "nim" || r[3] != "100" {
				t.Fatalf("item %d (%s) accepted as %q", i, j.Describe(i), r)
			}
		}
		if held != tab.n {
			t.Fatalf("%d rows held, n = %d", held, tab.n)
		}
		var back bytes.Buffer
		if err := j.write(&back, tab.rows); err != nil {
			t.Fatal(err)
		}
		again, err := j.read("r.csv", back.Bytes(), s, true)
		if err != nil || again.n != tab.n || !again.sorted || !slices.EqualFunc(again.rows, tab.rows, slices.Equal) {
			t.Fatalf("written back and read again: %v, %d rows (were %d)", err, again.n, tab.n)
		}
	})
}
