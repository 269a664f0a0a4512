package game

import (
	"encoding/binary"
	"strings"
)

// Sum is the disjunctive sum of games: a move is a move in exactly one
// component (paper 001 section 4.2; paper 004). Compiling a Sum builds the
// product of the components' position sets, so prefer solving components
// separately (see package grundy) when only values are needed.
type Sum []Game

// A Sum position is the components' encodings, each preceded by its
// length as a uvarint.
func (s Sum) split(p []byte) [][]byte {
	parts := make([][]byte, len(s))
	for i := range s {
		n, k := binary.Uvarint(p)
		parts[i] = p[k : k+int(n)]
		p = p[k+int(n):]
	}
	return parts
}

func join(dst []byte, parts [][]byte) []byte {
	dst = dst[:0]
	for _, q := range parts {
		dst = binary.AppendUvarint(dst, uint64(len(q)))
		dst = append(dst, q...)
	}
	return dst
}

// Start implements Game.
func (s Sum) Start() []byte {
	parts := make([][]byte, len(s))
	for i, g := range s {
		parts[i] = g.Start()
	}
	return join(nil, parts)
}

// Moves implements Game.
func (s Sum) Moves(p []byte, yield func([]byte)) {
	parts := s.split(p)
	var buf []byte
	for i, g := range s {
		own := parts[i]
		g.Moves(own, func(q []byte) {
			parts[i] = q
			buf = join(buf, parts)
			yield(buf)
		})
		parts[i] = own
	}
}

// Format implements Game: the components' positions joined by " + ".
func (s Sum) Format(p []byte) string {
	parts := s.split(p)
	f := make([]string, len(s))
	for i, g := range s {
		f[i] = g.Format(parts[i])
	}
	return strings.Join(f, " + ")
}
