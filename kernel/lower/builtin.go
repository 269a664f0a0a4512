package lower

import (
	"reflect"
)

// BuiltinPath is the import path under which Builtins binds the compiled
// helpers that lowered cells call for min, max and clear.
const BuiltinPath = "coevo/lower"

// Builtins are the helpers' bindings, for the interpreter's Use.
var Builtins = map[string]map[string]reflect.Value{
	BuiltinPath + "/builtin": {
		"MinI":  reflect.ValueOf(minOf[int64]),
		"MaxI":  reflect.ValueOf(maxOf[int64]),
		"MinU":  reflect.ValueOf(minOf[uint64]),
		"MaxU":  reflect.ValueOf(maxOf[uint64]),
		"MinF":  reflect.ValueOf(minOf[float64]),
		"MaxF":  reflect.ValueOf(maxOf[float64]),
		"MinS":  reflect.ValueOf(minOf[string]),
		"MaxS":  reflect.ValueOf(maxOf[string]),
		"Clear": reflect.ValueOf(clearOf),
	},
}

// minOf is Go's min over a basic kind: a lowered min(a, b) of a type whose
// underlying type is, say, float32 becomes T(MinF(float64(a), float64(b))),
// exact for every such type (NaN and signed zeros included).
func minOf[T int64 | uint64 | float64 | string](x T, y ...T) T {
	for _, v := range y {
		x = min(x, v)
	}
	return x
}

func maxOf[T int64 | uint64 | float64 | string](x T, y ...T) T {
	for _, v := range y {
		x = max(x, v)
	}
	return x
}

// clearOf is Go's clear: a map emptied, a slice's elements zeroed.
func clearOf(x any) {
	v := reflect.ValueOf(x)
	if !v.IsValid() {
		return
	}
	switch v.Kind() {
	case reflect.Map, reflect.Slice:
		v.Clear()
	default:
		panic("clear of a " + v.Kind().String())
	}
}
