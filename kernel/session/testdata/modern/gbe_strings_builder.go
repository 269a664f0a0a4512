// Go by Example style: strings.Builder, bytes.Buffer and io.Writer.
package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

func write(w io.Writer, n int) {
	for i := range n {
		fmt.Fprintf(w, "%d,", i)
	}
}

func main() {
	var sb strings.Builder
	write(&sb, 4)
	sb.WriteString("end")
	fmt.Println(sb.String(), sb.Len())
	var buf bytes.Buffer
	write(&buf, 3)
	buf.WriteByte('!')
	fmt.Println(buf.String())
	r := strings.NewReader("some io.Reader stream")
	b, _ := io.ReadAll(io.LimitReader(r, 7))
	fmt.Printf("%q\n", b)
}
