package heap

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
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

// ReadCheckpoint reads a checkpoint of r written by WriteCheckpoint or
// by Analyze, and checks that it is whole and belongs to r.
func (r *Rule) ReadCheckpoint(rd io.Reader) (NimSequence, error) {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("checkpoint: "+format, a...)
	}
	crc := crc32.NewIEEE()
	// A header line is at most the buffer: a file of another kind (or
	// /dev/zero) fails at once instead of being read whole as one line.
	br := bufio.NewReaderSize(rd, maxHeaderLine)
	line := func() (string, error) {
		b, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			return "", bad("a header line longer than %d bytes: not a nim-sequence checkpoint", maxHeaderLine)
		}
		if err != nil {
			return "", bad("header cut short")
		}
		crc.Write(b)
		return strings.TrimSuffix(string(b), "\n"), nil
	}
	var head [4]string
	for i := range head {
		s, err := line()
		if err != nil {
			return nil, err
		}
		if head[i] = s; i == 0 && s != checkpointMagic {
			return nil, bad("not a nim-sequence checkpoint (first line %.40q)", s)
		}
	}
	if name, _ := strings.CutPrefix(head[1], "rule "); name != r.name {
		return nil, bad("it is for %q, not %q", name, r.name)
	}
	count, err := strconv.Atoi(strings.TrimPrefix(head[2], "values "))
	if err != nil || !strings.HasPrefix(head[2], "values ") || count < 1 || count > MaxSequence {
		return nil, bad("bad count line %.40q", head[2])
	}
	width, err := strconv.Atoi(strings.TrimPrefix(head[3], "bytes "))
	if err != nil || !strings.HasPrefix(head[3], "bytes ") || (width != 1 && width != 2 && width != 4) {
		return nil, bad("bad width line %.40q", head[3])
	}
	g := make([]int32, 0, min(count, 1<<20))
	buf := make([]byte, 1<<16)
	for len(g) < count {
		b := buf[:min(len(buf), width*(count-len(g)))]
		if _, err := io.ReadFull(br, b); err != nil {
			return nil, bad("cut short after %d of %d values", len(g), count)
		}
		crc.Write(b)
		for i := 0; i < len(b); i += width {
			switch width {
			case 1:
				g = append(g, int32(b[i]))
			case 2:
				g = append(g, int32(binary.LittleEndian.Uint16(b[i:])))
			default:
				g = append(g, int32(binary.LittleEndian.Uint32(b[i:])))
			}
		}
	}
	var sum uint32
	if err := binary.Read(br, binary.LittleEndian, &sum); err != nil {
		return nil, bad("no checksum at the end")
	}
	if sum != crc.Sum32() {
		return nil, bad("checksum mismatch: the file is damaged")
	}
	if _, err := br.ReadByte(); !errors.Is(err, io.EOF) {
		return nil, bad("data after the checksum")
	}
	for i, v := range g {
		if v < 0 || (i == 0 && v != 0) {
			return nil, bad("g(%d) = %d is impossible", i, v)
		}
	}
	return g, nil
}
