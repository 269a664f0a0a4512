package heap

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"io/fs"
	"math"
	"strconv"
	"strings"
)

// A checkpoint holds the first values of a rule's nim-sequence, so that a
// long run can go on from them (AnalyzeOptions.Resume). Its form is four
// text lines,
//
//	coevo nim-sequence checkpoint 1
//	rule octal 0.127
//	values 1048576
//	bytes 1
//
// then the values as little-endian integers of that many bytes (1, 2 or
// 4: the fewest that hold the largest), then the CRC-32 (IEEE) of
// everything before it, little-endian.

const checkpointMagic = "coevo nim-sequence checkpoint 1"

// maxHeaderLine bounds a header line of a checkpoint (a rule's name is
// short).
const maxHeaderLine = 64 << 10

// WriteCheckpoint writes the values g(0..len(g)-1) of r as a checkpoint.
func (r *Rule) WriteCheckpoint(w io.Writer, g []int32) error {
	top := int32(0)
	for _, v := range g {
		top = max(top, v)
	}
	width := 4
	switch {
	case top <= math.MaxUint8:
		width = 1
	case top <= math.MaxUint16:
		width = 2
	}
	return writeCheckpoint(w, r.name, len(g), width, func(dst []int32, from int) { copy(dst, g[from:]) })
}

// writeCheckpoint writes n values of width bytes, which fill copies into
// dst from value number from on, a chunk at a time.
func writeCheckpoint(w io.Writer, name string, n, width int, fill func(dst []int32, from int)) error {
	crc := crc32.NewIEEE()
	bw := bufio.NewWriter(io.MultiWriter(w, crc))
	fmt.Fprintf(bw, "%s\nrule %s\nvalues %d\nbytes %d\n", checkpointMagic, name, n, width)
	chunk := make([]int32, 1<<14)
	buf := make([]byte, 4*len(chunk))
	for from := 0; from < n; from += len(chunk) {
		c := chunk[:min(len(chunk), n-from)]
		fill(c, from)
		for i, v := range c {
			binary.LittleEndian.PutUint32(buf[width*i:], uint32(v)) // the next value overwrites the high bytes
		}
		if _, err := bw.Write(buf[:width*len(c)]); err != nil {
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return binary.Write(w, binary.LittleEndian, crc.Sum32())
}

// A CheckpointError says a checkpoint cannot be read: not a checkpoint,
// of another rule, cut short or damaged.
type CheckpointError struct {
	Problem string
}

func (e *CheckpointError) Error() string { return "checkpoint: " + e.Problem }

func checkpointErrorf(format string, a ...any) error {
	return &CheckpointError{fmt.Sprintf(format, a...)}
}

// ReadCheckpoint reads a checkpoint of r written by WriteCheckpoint or
// by Analyze, and checks that it is whole and belongs to r. When rd
// tells its size (a Size or a Stat method, as *os.File and
// *bytes.Reader have), a header that claims more values than the file
// holds is refused before anything is allocated. Errors are
// *CheckpointError.
func (r *Rule) ReadCheckpoint(rd io.Reader) (NimSequence, error) {
	c, err := r.openCheckpoint(rd)
	if err != nil {
		return nil, err
	}
	// The whole at once when the file's size vouched for the count, else
	// as the values come.
	g := make([]int32, 0, min(c.count, 1<<20))
	if c.sized {
		g = make([]int32, 0, c.count)
	}
	err = c.read(func(raw []byte, from int) {
		n := len(g)
		g = append(g, make([]int32, len(raw)/c.width)...)
		c.decode(g[n:], raw)
	})
	if err != nil {
		return nil, err
	}
	return g, nil
}

// checkpointReader reads the values of a checkpoint whose header was read.
type checkpointReader struct {
	br           *bufio.Reader
	crc          hash.Hash32
	count, width int
	sized        bool // the file's size matches the count
}

// openCheckpoint reads and checks the header of a checkpoint of r.
func (r *Rule) openCheckpoint(rd io.Reader) (*checkpointReader, error) {
	crc := crc32.NewIEEE()
	// A header line is at most the buffer: a file of another kind (or
	// /dev/zero) fails at once instead of being read whole as one line.
	br := bufio.NewReaderSize(rd, maxHeaderLine)
	header := 0
	line := func() (string, error) {
		b, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			return "", checkpointErrorf("a header line longer than %d bytes: not a nim-sequence checkpoint", maxHeaderLine)
		}
		if err != nil {
			return "", checkpointErrorf("header cut short")
		}
		crc.Write(b)
		header += len(b)
		return strings.TrimSuffix(string(b), "\n"), nil
	}
	var head [4]string
	for i := range head {
		s, err := line()
		if err != nil {
			return nil, err
		}
		if head[i] = s; i == 0 && s != checkpointMagic {
			return nil, checkpointErrorf("not a nim-sequence checkpoint (first line %.40q)", s)
		}
	}
	if name, _ := strings.CutPrefix(head[1], "rule "); name != r.name {
		return nil, checkpointErrorf("it is for %q, not %q", name, r.name)
	}
	count, err := strconv.Atoi(strings.TrimPrefix(head[2], "values "))
	if err != nil || !strings.HasPrefix(head[2], "values ") || count < 1 || count > MaxSequence {
		return nil, checkpointErrorf("bad count line %.40q", head[2])
	}
	width, err := strconv.Atoi(strings.TrimPrefix(head[3], "bytes "))
	if err != nil || !strings.HasPrefix(head[3], "bytes ") || (width != 1 && width != 2 && width != 4) {
		return nil, checkpointErrorf("bad width line %.40q", head[3])
	}
	// The header says how long the file is: a forged or truncated one
	// is refused before its count sizes anything.
	size, sized := sizeOf(rd)
	want := int64(header) + int64(count)*int64(width) + 4
	switch {
	case sized && size < want:
		return nil, checkpointErrorf("cut short: the header promises %d values of %d bytes (a file of %d bytes), and the file has %d bytes", count, width, want, size)
	case sized && size > want:
		return nil, checkpointErrorf("data after the checksum: the header promises %d values of %d bytes (a file of %d bytes), and the file has %d bytes", count, width, want, size)
	}
	return &checkpointReader{br: br, crc: crc, count: count, width: width, sized: sized}, nil
}

// sizeOf returns the size of what rd reads, when it says.
func sizeOf(rd io.Reader) (int64, bool) {
	switch f := rd.(type) {
	case interface{ Size() int64 }:
		return f.Size(), f.Size() >= 0
	case interface{ Stat() (fs.FileInfo, error) }:
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return st.Size(), true
		}
	}
	return 0, false
}

// read gives put the values, a chunk of raw little-endian values at a
// time with the number of the first, then checks the checksum, that
// nothing follows it, and that the values can be values (g(0) = 0, none
// negative).
func (c *checkpointReader) read(put func(raw []byte, from int)) error {
	buf := make([]byte, 1<<16)
	var bad error // the first impossible value, said once the file is whole
	for done := 0; done < c.count; {
		b := buf[:min(len(buf), c.width*(c.count-done))]
		if _, err := io.ReadFull(c.br, b); err != nil {
			return checkpointErrorf("cut short after %d of %d values", done, c.count)
		}
		c.crc.Write(b)
		for i := 0; i < len(b) && bad == nil; i += c.width {
			if v := c.value(b[i:]); v < 0 || (done == 0 && i == 0 && v != 0) {
				bad = checkpointErrorf("g(%d) = %d is impossible", done+i/c.width, v)
			}
		}
		put(b, done)
		done += len(b) / c.width
	}
	var sum uint32
	if err := binary.Read(c.br, binary.LittleEndian, &sum); err != nil {
		return checkpointErrorf("no checksum at the end")
	}
	if sum != c.crc.Sum32() {
		return checkpointErrorf("checksum mismatch: the file is damaged")
	}
	if _, err := c.br.ReadByte(); !errors.Is(err, io.EOF) {
		return checkpointErrorf("data after the checksum")
	}
	return bad
}

// value decodes the value at the start of b.
func (c *checkpointReader) value(b []byte) int32 {
	switch c.width {
	case 1:
		return int32(b[0])
	case 2:
		return int32(binary.LittleEndian.Uint16(b))
	}
	return int32(binary.LittleEndian.Uint32(b))
}

// decode decodes raw values into g.
func (c *checkpointReader) decode(g []int32, raw []byte) {
	for i := range g {
		g[i] = c.value(raw[c.width*i:])
	}
}
