// Go 1.22: math/rand/v2 with a seeded PCG source.
package main

import (
	"fmt"
	"math/rand/v2"
)

func main() {
	r := rand.New(rand.NewPCG(1, 2))
	fmt.Println(r.IntN(100), r.IntN(100), r.Uint64()%1000)
	fmt.Printf("%.6f\n", r.Float64())
	xs := []int{1, 2, 3, 4, 5}
	r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	fmt.Println(xs)
	fmt.Println(r.Perm(4))
	n := rand.N(10)
	fmt.Println(n >= 0 && n < 10)
}
