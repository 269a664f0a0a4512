// Go 1.18: a generic function that returns a closure over its type parameter.
package main

import "fmt"

func Memo[K comparable, V any](f func(K) V) func(K) V {
	cache := map[K]V{}
	return func(k K) V {
		if v, ok := cache[k]; ok {
			return v
		}
		v := f(k)
		cache[k] = v
		return v
	}
}

func main() {
	calls := 0
	square := Memo(func(n int) int { calls++; return n * n })
	fmt.Println(square(4), square(4), square(5), calls)
	upper := Memo(func(s string) []byte { return []byte(s + "!") })
	fmt.Println(string(upper("hi")))
}
