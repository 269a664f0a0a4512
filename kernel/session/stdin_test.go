package session

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// countingReader counts the reads, which the kernel turns into
// input_requests.
type countingReader struct {
	lines []string
	reads int
}

func (c *countingReader) Read(p []byte) (int, error) {
	c.reads++
	if len(c.lines) == 0 {
		return 0, nil
	}
	n := copy(p, c.lines[0])
	c.lines = c.lines[1:]
	return n, nil
}

// A cell reading standard input, with bufio.Scanner (compiled) or
// fmt.Scan, gets the lines the session's reader gives, asked for only
// when it reads: a cell that does not read asks for nothing.
func TestStdin(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	in := &countingReader{lines: []string{"kayles 12\n", "7\n"}}
	s.Output(&out, &out, in)
	if _, err := s.Run(context.Background(), Cell{Code: "x := 1\nfmt.Println(x)", Name: "In[1]"}); err != nil {
		t.Fatal(err)
	}
	if in.reads != 0 {
		t.Fatalf("a cell that reads nothing read %d times", in.reads)
	}
	code := `import ("bufio"; "os")
sc := bufio.NewScanner(os.Stdin)
sc.Scan()
var n int
fmt.Sscan(strings.Fields(sc.Text())[1], &n)
var m int
fmt.Scan(&m)
fmt.Println(sc.Text(), n+m)`
	if _, err := s.Run(context.Background(), Cell{Code: "import \"strings\"\n" + code, Name: "In[2]"}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(out.String(), "kayles 12 19\n") {
		t.Fatalf("%q", out.String())
	}
	// Without a reader, standard input is at its end.
	s.Output(&out, &out, nil)
	r, err := s.Run(context.Background(), Cell{Code: "n, err := fmt.Scan(&m)\nerr", Name: "In[3]"})
	if err != nil || !r.Show || r.Value.Interface().(error).Error() != "EOF" {
		t.Fatalf("%v %+v", err, r)
	}
}
