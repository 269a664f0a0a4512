//go:build ignore

// Shims for package hash/maphash: Comparable and WriteComparable write a
// value's contents, walked with reflection, to a Hash (equal values give
// equal hashes under one seed; the numbers differ from the runtime's).
package maphash

import (
	"encoding/binary"
	"math"
	"reflect"
)

func Comparable[T comparable](seed Seed, v T) uint64 {
	var h Hash
	h.SetSeed(seed)
	WriteComparable(&h, v)
	return h.Sum64()
}

func WriteComparable[T comparable](h *Hash, x T) {
	writeValue(h, reflect.ValueOf(&x).Elem())
}

func writeValue(h *Hash, v reflect.Value) {
	var buf [8]byte
	switch v.Kind() {
	case reflect.String:
		h.WriteString(v.String())
	case reflect.Bool:
		if v.Bool() {
			h.WriteByte(1)
		} else {
			h.WriteByte(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		binary.LittleEndian.PutUint64(buf[:], uint64(v.Int()))
		h.Write(buf[:])
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		binary.LittleEndian.PutUint64(buf[:], v.Uint())
		h.Write(buf[:])
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if f == 0 {
			f = 0 // +0 and -0 are equal
		}
		binary.LittleEndian.PutUint64(buf[:], math.Float64bits(f))
		h.Write(buf[:])
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		writeValue(h, reflect.ValueOf(real(c)))
		writeValue(h, reflect.ValueOf(imag(c)))
	case reflect.Pointer, reflect.Chan, reflect.UnsafePointer:
		binary.LittleEndian.PutUint64(buf[:], uint64(v.Pointer()))
		h.Write(buf[:])
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			writeValue(h, v.Index(i))
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			writeValue(h, v.Field(i))
		}
	case reflect.Interface:
		if v.IsNil() {
			h.WriteByte(0)
			return
		}
		h.WriteString(v.Elem().Type().String())
		writeValue(h, v.Elem())
	}
}
