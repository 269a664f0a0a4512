package csvdata

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
)

// Text that is not what the readers read is named in the user's terms
// before its bytes are misread: a file saved as UTF-16 or UTF-32 (Windows'
// "Unicode text", Excel's "Unicode Text (*.txt)") would read as a header
// lacking its columns, its characters split by NUL bytes. Line ends of a
// lone CR (classic Mac OS, some exports) are read as line ends, as "\n"
// and "\r\n" are: without it the whole file is one line.

// encodingError returns why a stream starting with head cannot be read as
// UTF-8 text, or nil.
func encodingError(head []byte) string {
	const hint = "coevo reads UTF-8: save it as UTF-8 (Excel: CSV UTF-8; or iconv -f %s -t UTF-8)"
	switch {
	case bytes.HasPrefix(head, []byte{0xff, 0xfe, 0, 0}):
		return "UTF-32 text (little-endian, with a byte order mark): " + fmt.Sprintf(hint, "UTF-32")
	case bytes.HasPrefix(head, []byte{0, 0, 0xfe, 0xff}):
		return "UTF-32 text (big-endian, with a byte order mark): " + fmt.Sprintf(hint, "UTF-32")
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}):
		return "UTF-16 text (little-endian, with a byte order mark): " + fmt.Sprintf(hint, "UTF-16")
	case bytes.HasPrefix(head, []byte{0xfe, 0xff}):
		return "UTF-16 text (big-endian, with a byte order mark): " + fmt.Sprintf(hint, "UTF-16")
	}
	// Without a mark: ASCII text in UTF-16 has a NUL byte in every other
	// place, after (little-endian) or before (big-endian) each character.
	n := min(len(head), 256) &^ 1
	if n < 4 {
		return ""
	}
	var even, odd int
	for i := 0; i < n; i += 2 {
		if head[i] == 0 {
			even++
		}
		if head[i+1] == 0 {
			odd++
		}
	}
	switch pairs := n / 2; {
	case odd*4 >= pairs*3 && even*4 < pairs:
		return "UTF-16 text (little-endian: a NUL byte after each character): " + fmt.Sprintf(hint, "UTF-16LE")
	case even*4 >= pairs*3 && odd*4 < pairs:
		return "UTF-16 text (big-endian: a NUL byte before each character): " + fmt.Sprintf(hint, "UTF-16BE")
	}
	return ""
}

// crOnly reports whether head, the start of a stream, ends its lines with
// a lone CR: it has CRs and no LF.
func crOnly(head []byte) bool {
	return bytes.IndexByte(head, '\r') >= 0 && bytes.IndexByte(head, '\n') < 0
}

// crToLF turns every CR of b into an LF, in place.
func crToLF(b []byte) {
	for {
		i := bytes.IndexByte(b, '\r')
		if i < 0 {
			return
		}
		b[i] = '\n'
		b = b[i+1:]
	}
}

// textReader reads a stream as text: its encoding checked and its byte
// order mark skipped at the start, lone CRs read as line ends.
type textReader struct {
	br      *bufio.Reader
	name    string
	started bool
	cr      bool
	err     error
}

func newTextReader(r io.Reader, name string) *textReader {
	return &textReader{br: bufio.NewReaderSize(r, firstBlock), name: name}
}

func (t *textReader) Read(p []byte) (int, error) {
	if !t.started {
		t.started = true
		head, _ := t.br.Peek(firstBlock)
		if msg := encodingError(head); msg != "" {
			t.err = &Error{t.name, 1, 0, msg}
		}
		t.cr = crOnly(head)
		if bytes.HasPrefix(head, []byte("\uFEFF")) {
			t.br.Discard(3)
		}
	}
	if t.err != nil {
		return 0, t.err
	}
	n, err := t.br.Read(p)
	if t.cr {
		crToLF(p[:n])
	}
	return n, err
}

// EncodingError returns why a stream starting with head cannot be read
// as UTF-8 text (a file saved as UTF-16 or UTF-32), in the user's terms
// with the fix, or "" when it can.
func EncodingError(head []byte) string { return encodingError(head) }
