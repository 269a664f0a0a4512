// Go by Example style: writing, reading and listing files in a temporary directory.
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func check(e error) {
	if e != nil {
		panic(e)
	}
}

func main() {
	dir, err := os.MkdirTemp("", "corpus")
	check(err)
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "dat1")
	check(os.WriteFile(name, []byte("hello\ngo\n"), 0644))
	f, err := os.Create(filepath.Join(dir, "dat2"))
	check(err)
	w := bufio.NewWriter(f)
	n, _ := w.WriteString("buffered\n")
	w.Flush()
	f.Close()
	fmt.Println("wrote", n, "bytes")
	dat, err := os.ReadFile(name)
	check(err)
	fmt.Print(string(dat))
	f2, _ := os.Open(filepath.Join(dir, "dat2"))
	sc := bufio.NewScanner(f2)
	for sc.Scan() {
		fmt.Println(strings.ToUpper(sc.Text()))
	}
	f2.Close()
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	fmt.Println(names, filepath.Ext("a/b.tar.gz"), filepath.Base(name), strings.TrimPrefix(filepath.Dir(name), dir) == "")
}
