package maphash

import (
	"hash/maphash"
	_ "unsafe"
)

// Comparable is the hash of v with seed, such that values that are ==
// hash equal (Go 1.24).
func Comparable[T comparable](seed maphash.Seed, v T) uint64 {
	return comparableHash(seed, any(v))
}

// WriteComparable adds x to the data hashed by h.
func WriteComparable[T comparable](h *maphash.Hash, x T) {
	writeComparable(h, any(x))
}

//go:linkname comparableHash hash/maphash.comparableHash
func comparableHash(seed maphash.Seed, v any) uint64

//go:linkname writeComparable hash/maphash.writeComparable
func writeComparable(h *maphash.Hash, v any)
