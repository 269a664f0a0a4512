// Go by Example style: text/template with a struct and a range.
package main

import (
	"os"
	"text/template"
)

type Game struct {
	Name   string
	Values []int
}

func main() {
	t := template.Must(template.New("t").Parse("Game {{.Name}}:{{range .Values}} {{.}}{{end}}\n"))
	t.Execute(os.Stdout, Game{"Kayles", []int{0, 1, 2, 3, 1, 4}})
	t2 := template.Must(template.New("t2").Parse("{{if .}}yes {{.}}{{else}}no{{end}}\n"))
	t2.Execute(os.Stdout, "x")
	t2.Execute(os.Stdout, "")
	t3 := template.Must(template.New("t3").Parse("{{range $k, $v := .}}{{$k}}={{$v}};{{end}}\n"))
	t3.Execute(os.Stdout, map[string]int{"b": 2, "a": 1})
}
