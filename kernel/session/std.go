package session

import (
	// The standard library's bindings for ixgo.
	_ "github.com/goplus/ixgo/pkg"

	// The generic functions of Go 1.26's standard library that ixgo's bindings lack.
	_ "github.com/coevolab/coevo/kernel/internal/stdpatch"
	// Room for the methods of the types cells declare (8,192 of them):
	// each method of a runtime type the interpreter makes takes one.
	_ "github.com/goplus/reflectx/icall/icall8192"
)
