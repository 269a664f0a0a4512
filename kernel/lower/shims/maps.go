//go:build ignore

// Shims for package maps, type-checked with its source from GOROOT: clone,
// which the Go runtime implements, is written with reflection.
package maps

import "reflect"

func clone(m any) any {
	v := reflect.ValueOf(m)
	c := reflect.MakeMapWithSize(v.Type(), v.Len())
	for it := v.MapRange(); it.Next(); {
		c.SetMapIndex(it.Key(), it.Value())
	}
	return c.Interface()
}
