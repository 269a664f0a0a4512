// Go 1.21: sync.OnceFunc, OnceValue and OnceValues.
package main

import (
	"fmt"
	"strconv"
	"sync"
)

func main() {
	calls := 0
	setup := sync.OnceFunc(func() { calls++; fmt.Println("setup ran") })
	setup()
	setup()
	config := sync.OnceValue(func() map[string]int { calls++; return map[string]int{"n": 42} })
	fmt.Println(config()["n"], config()["n"])
	parse := sync.OnceValues(func() (int, error) { calls++; return strconv.Atoi("17") })
	v, err := parse()
	v2, _ := parse()
	fmt.Println(v, err, v2, calls)
}
