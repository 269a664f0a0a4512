package bt

import (
	"encoding/binary"
	"unicode/utf8"
)

// nameIndex numbers the players of a file as their names are read: a
// name already known costs a hash and a comparison of two words, no
// allocation. It is an open-addressing table whose slots hold a name's
// key: its length and, for names of up to 16 bytes, the whole name in two
// words (longer names are compared in full).
type nameIndex struct {
	names []string
	slots []nameSlot // a power of two long
}

type nameSlot struct {
	w0, w1 uint64
	n      int32 // length of the name
	idx    int32 // index+1 of the name, 0 when free
}

func newNameIndex() *nameIndex { return &nameIndex{slots: make([]nameSlot, 64)} }

// nameKey returns two words that, with its length, are b when b has at
// most 16 bytes (and its first and last 8 bytes when longer).
func nameKey(b []byte) (w0, w1 uint64) {
	switch n := len(b); {
	case n >= 8:
		return binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[n-8:])
	case n >= 4:
		return uint64(binary.LittleEndian.Uint32(b)) | uint64(binary.LittleEndian.Uint32(b[n-4:]))<<32, 0
	}
	var w uint64
	for i, c := range b {
		w |= uint64(c) << (8 * i)
	}
	return w, 0
}

func hashKey(w0, w1 uint64, n int) uint64 {
	h := (w0 ^ uint64(n)<<56) * 0x9e3779b97f4a7c15
	h = (h ^ h>>29 ^ w1) * 0xbf58476d1ce4e5b9
	return h ^ h>>32
}

// index returns the number of the player named b, numbering it if new.
func (x *nameIndex) index(b []byte) int {
	w0, w1 := nameKey(b)
	mask := uint64(len(x.slots) - 1)
	for at := hashKey(w0, w1, len(b)) & mask; ; at = (at + 1) & mask {
		sl := &x.slots[at]
		if sl.idx == 0 {
			x.names = append(x.names, string(b))
			*sl = nameSlot{w0, w1, int32(len(b)), int32(len(x.names))}
			if 2*len(x.names) > len(x.slots) {
				x.grow()
			}
			return len(x.names) - 1
		}
		if sl.w0 == w0 && sl.w1 == w1 && int(sl.n) == len(b) && (len(b) <= 16 || x.names[sl.idx-1] == string(b)) {
			return int(sl.idx - 1)
		}
	}
}

// find returns the number of the player named b, or -1.
func (x *nameIndex) find(b []byte) int {
	w0, w1 := nameKey(b)
	mask := uint64(len(x.slots) - 1)
	for at := hashKey(w0, w1, len(b)) & mask; ; at = (at + 1) & mask {
		sl := &x.slots[at]
		if sl.idx == 0 {
			return -1
		}
		if sl.w0 == w0 && sl.w1 == w1 && int(sl.n) == len(b) && (len(b) <= 16 || x.names[sl.idx-1] == string(b)) {
			return int(sl.idx - 1)
		}
	}
}

func (x *nameIndex) grow() {
	old := x.slots
	x.slots = make([]nameSlot, 2*len(old))
	mask := uint64(len(x.slots) - 1)
	for _, sl := range old {
		if sl.idx == 0 {
			continue
		}
		at := hashKey(sl.w0, sl.w1, int(sl.n)) & mask
		for x.slots[at].idx != 0 {
			at = (at + 1) & mask
		}
		x.slots[at] = sl
	}
}

// ascii reports whether b is all ASCII, eight bytes at a time.
func ascii(b []byte) bool {
	var or uint64
	for ; len(b) >= 8; b = b[8:] {
		or |= binary.LittleEndian.Uint64(b)
	}
	for _, c := range b {
		or |= uint64(c)
	}
	return or&0x8080808080808080 == 0
}

// validName reports whether b is valid UTF-8, quickly when it is ASCII.
func validName(b []byte) bool { return ascii(b) || utf8.Valid(b) }
