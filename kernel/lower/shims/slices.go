//go:build ignore

// Shims for package slices, type-checked with its source from GOROOT:
// overlaps compares addresses with reflection instead of unsafe.
package slices

import "reflect"

func overlaps[E any](a, b []E) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	size := reflect.TypeOf(a).Elem().Size()
	if size == 0 {
		return false
	}
	pa, pb := reflect.ValueOf(a).Pointer(), reflect.ValueOf(b).Pointer()
	return pa <= pb+uintptr(len(b)-1)*size+(size-1) && pb <= pa+uintptr(len(a)-1)*size+(size-1)
}
