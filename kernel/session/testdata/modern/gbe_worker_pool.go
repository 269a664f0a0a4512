// Go by Example style: a worker pool with channels; results collected in order.
package main

import (
	"fmt"
	"sort"
)

func worker(id int, jobs <-chan int, results chan<- [2]int) {
	for j := range jobs {
		results <- [2]int{j, j * 2}
	}
}

func main() {
	const numJobs = 9
	jobs := make(chan int, numJobs)
	results := make(chan [2]int, numJobs)
	for w := 1; w <= 3; w++ {
		go worker(w, jobs, results)
	}
	for j := 1; j <= numJobs; j++ {
		jobs <- j
	}
	close(jobs)
	var got [][2]int
	for a := 1; a <= numJobs; a++ {
		got = append(got, <-results)
	}
	sort.Slice(got, func(i, j int) bool { return got[i][0] < got[j][0] })
	fmt.Println(got)
}
