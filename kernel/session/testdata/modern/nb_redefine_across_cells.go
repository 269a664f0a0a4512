// Notebook style: a name defined again in a later cell takes its new type;
// a function redefined replaces the old one.
package main

import "fmt"

func describe(x int) string { return fmt.Sprint("int ", x) }

func main() {
	v := 10
	fmt.Println(describe(v))
	//cell
	w := fmt.Sprint(v, "!")
	fmt.Println(w)
	//cell
	total := 0
	for i := range v {
		total += i
	}
	fmt.Println(total)
}
