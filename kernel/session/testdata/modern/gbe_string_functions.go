// Go by Example style: the strings package.
package main

import (
	"fmt"
	s "strings"
)

var p = fmt.Println

func main() {
	p("Contains:  ", s.Contains("test", "es"))
	p("Count:     ", s.Count("test", "t"))
	p("HasPrefix: ", s.HasPrefix("test", "te"))
	p("Index:     ", s.Index("test", "e"))
	p("Join:      ", s.Join([]string{"a", "b"}, "-"))
	p("Repeat:    ", s.Repeat("a", 5))
	p("Replace:   ", s.Replace("foo", "o", "0", -1))
	p("Split:     ", s.Split("a-b-c-d-e", "-"))
	p("ToUpper:   ", s.ToUpper("test"))
	p("Title-ish: ", s.ToTitle("go"), s.TrimSpace("  x  "), s.Fields(" a b  c "))
	p("EqualFold: ", s.EqualFold("Go", "GO"), s.TrimFunc("xxhixx", func(r rune) bool { return r == 'x' }))
}
