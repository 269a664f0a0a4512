package stdpatch

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"math/rand/v2"
	"reflect"
)

// writeComparable adds a comparable value to h, so that values that are
// == write the same bytes: +0 and -0 alike, a NaN random (no NaN equals
// another), pointers by address, an interface's dynamic type with its
// value. A value that is not comparable panics, as == on it would.
func writeComparable(h *maphash.Hash, v any) {
	writeValue(h, reflect.ValueOf(v))
}

func writeValue(h *maphash.Hash, v reflect.Value) {
	var b [8]byte
	word := func(x uint64) {
		binary.LittleEndian.PutUint64(b[:], x)
		h.Write(b[:])
	}
	float := func(f float64) {
		switch {
		case f == 0:
			word(0)
		case f != f:
			word(rand.Uint64())
		default:
			word(math.Float64bits(f))
		}
	}
	if !v.IsValid() {
		word(0)
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			word(1)
		} else {
			word(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		word(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		word(v.Uint())
	case reflect.Float32, reflect.Float64:
		float(v.Float())
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		float(real(c))
		float(imag(c))
	case reflect.String:
		word(uint64(v.Len()))
		h.WriteString(v.String())
	case reflect.Pointer, reflect.UnsafePointer, reflect.Chan:
		word(uint64(v.Pointer()))
	case reflect.Interface:
		if v.IsNil() {
			word(0)
			return
		}
		e := v.Elem()
		h.WriteString(e.Type().String())
		writeValue(h, e)
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			writeValue(h, v.Index(i))
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).Name != "_" {
				writeValue(h, v.Field(i))
			}
		}
	default:
		panic("runtime error: hash of unhashable type " + v.Type().String())
	}
}
