// Go 1.26: new with an expression: a pointer to a copy of the value.
package main

import "fmt"

type Config struct {
	Name    string
	Retries *int
}

func main() {
	p := new(42)
	fmt.Println(*p)
	c := Config{Name: "run", Retries: new(3)}
	fmt.Println(c.Name, *c.Retries)
	s := new("text" + "!")
	*s += "?"
	fmt.Println(*s)
	x := 2.5
	q := new(x * 2)
	x = 0
	fmt.Println(*q, x)
}
