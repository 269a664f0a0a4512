// Go by Example style: URL parsing.
package main

import (
	"fmt"
	"net"
	"net/url"
)

func main() {
	s := "postgres://user:pass@host.com:5432/path?k=v#f"
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Scheme)
	fmt.Println(u.User, u.User.Username())
	p, _ := u.User.Password()
	fmt.Println(p)
	host, port, _ := net.SplitHostPort(u.Host)
	fmt.Println(host, port, u.Path, u.Fragment, u.RawQuery)
	m, _ := url.ParseQuery(u.RawQuery)
	fmt.Println(m, m["k"][0])
}
