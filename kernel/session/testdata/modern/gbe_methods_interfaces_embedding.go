// Go by Example style: an interface satisfied through an embedded pointer, and method values.
package main

import (
	"fmt"
	"strings"
)

type Logger struct {
	prefix string
	lines  []string
}

func (l *Logger) Log(s string) { l.lines = append(l.lines, l.prefix+s) }

type Service struct {
	*Logger
	Name string
}

type logger interface{ Log(string) }

func main() {
	s := Service{Logger: &Logger{prefix: "> "}, Name: "solver"}
	s.Log("start")
	var l logger = s
	l.Log("via interface")
	f := s.Log
	f("method value")
	g := (*Logger).Log
	g(s.Logger, "method expression")
	fmt.Println(strings.Join(s.lines, "\n"))
}
