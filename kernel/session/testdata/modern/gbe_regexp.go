// Go by Example style: regular expressions.
package main

import (
	"bytes"
	"fmt"
	"regexp"
)

func main() {
	match, _ := regexp.MatchString("p([a-z]+)ch", "peach")
	fmt.Println(match)
	r := regexp.MustCompile("p([a-z]+)ch")
	fmt.Println(r.MatchString("peach"))
	fmt.Println(r.FindString("peach punch"))
	fmt.Println(r.FindStringIndex("peach punch"))
	fmt.Println(r.FindStringSubmatch("peach punch"))
	fmt.Println(r.FindAllString("peach punch pinch", -1))
	fmt.Println(r.ReplaceAllString("a peach", "<fruit>"))
	out := r.ReplaceAllFunc([]byte("a peach"), bytes.ToUpper)
	fmt.Println(string(out))
}
