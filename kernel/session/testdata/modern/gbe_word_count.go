// Go by Example style: counting words with bufio.Scanner, a map and a sort.
package main

import (
	"bufio"
	"fmt"
	"slices"
	"strings"
)

const text = `the quick brown fox jumps over the lazy dog
the dog sleeps and the fox runs`

func main() {
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Split(bufio.ScanWords)
	counts := map[string]int{}
	for sc.Scan() {
		counts[sc.Text()]++
	}
	type wc struct {
		word string
		n    int
	}
	var list []wc
	for w, n := range counts {
		list = append(list, wc{w, n})
	}
	slices.SortFunc(list, func(a, b wc) int {
		if a.n != b.n {
			return b.n - a.n
		}
		return strings.Compare(a.word, b.word)
	})
	for _, x := range list[:4] {
		fmt.Println(x.word, x.n)
	}
	lines := bufio.NewScanner(strings.NewReader(text))
	n := 0
	for lines.Scan() {
		n++
	}
	fmt.Println(n, "lines")
}
