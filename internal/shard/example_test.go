package shard_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/coevolab/coevo/internal/shard"
)

// A job of 3 sizes x 2 seeds, run as two shards (as two SLURM array tasks
// would) and merged; the merged file is the one a single run writes.
func Example() {
	job := shard.NewJob("example sweep",
		[]string{"size", "seed", "budget", "result"}, // the results file's columns
		[]string{"size", "seed"},                     // they identify a work item
		[]string{"budget"})                           // a setting the result depends on
	for _, size := range []int{10, 20, 40} {
		for seed := 1; seed <= 2; seed++ {
			job.Add([]string{strconv.Itoa(size), strconv.Itoa(seed)}, []string{"1000"})
		}
	}
	dir, _ := os.MkdirTemp("", "shard-example")
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "results.csv")

	for k := range 2 { // what "--shard k/2" runs
		log, err := job.Open(out, shard.Split{Index: k, Count: 2})
		if err != nil {
			fmt.Println(err)
			return
		}
		todo := log.Todo()
		fmt.Println(filepath.Base(log.Path()), "to do:", len(todo), "runs, first", job.Describe(todo[0]))
		for _, i := range todo {
			size, seed := 10<<(i/2), i%2+1
			log.Add(i, []string{strconv.Itoa(size), strconv.Itoa(seed), "1000", strconv.Itoa(size * seed)})
		}
		log.Close()
	}
	if _, err := job.Merge(out, 2); err != nil {
		fmt.Println(err)
		return
	}
	b, _ := os.ReadFile(out)
	fmt.Print(string(b))
	// Output:
	// results.shard-0-of-2.csv to do: 3 runs, first size=10 seed=1
	// results.shard-1-of-2.csv to do: 3 runs, first size=10 seed=2
	// size,seed,budget,result
	// 10,1,1000,10
	// 10,2,1000,20
	// 20,1,1000,20
	// 20,2,1000,40
	// 40,1,1000,40
	// 40,2,1000,80
}
