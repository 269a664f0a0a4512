//go:build ignore

// Shims for package database/sql: Null, whose Scan converts what the
// driver gives with reflection.
package sql

import (
	"database/sql/driver"
	"fmt"
	"reflect"
)

type Null[T any] struct {
	V     T
	Valid bool
}

func (n *Null[T]) Scan(value any) error {
	var zero T
	if value == nil {
		n.V, n.Valid = zero, false
		return nil
	}
	if v, ok := value.(T); ok {
		n.V, n.Valid = v, true
		return nil
	}
	src := reflect.ValueOf(value)
	dst := reflect.ValueOf(&n.V).Elem()
	if !src.Type().ConvertibleTo(dst.Type()) {
		return fmt.Errorf("sql: Scan: cannot convert %T to %s", value, dst.Type())
	}
	dst.Set(src.Convert(dst.Type()))
	n.Valid = true
	return nil
}

func (n Null[T]) Value() (driver.Value, error) {
	if !n.Valid {
		return nil, nil
	}
	return driver.DefaultParameterConverter.ConvertValue(any(n.V))
}
