// Package stdpatch gives the kernel's interpreter (github.com/goplus/ixgo)
// the generic functions of the standard library that its bindings of
// Go 1.26 lack: errors.AsType, reflect.TypeAssert, the generic crypto/hkdf
// and crypto/pbkdf2 functions, and maphash.Comparable. A package's
// non-generic functions are bound compiled; a generic function has no
// compiled code until it is instantiated, so each is given as source (in
// _patch), which the interpreter adds to the package and instantiates.
// Where a function's work is compiled code, the source calls that code
// instantiated for the interface it is generic over (hkdf.Key[hash.Hash]).
package stdpatch

import (
	"crypto/hkdf"
	"crypto/pbkdf2"
	_ "embed"
	"hash"
	"hash/maphash"

	"github.com/goplus/ixgo"
)

var (
	//go:embed _patch/errors.go
	errorsSrc string
	//go:embed _patch/reflect.go
	reflectSrc string
	//go:embed _patch/hkdf.go
	hkdfSrc string
	//go:embed _patch/pbkdf2.go
	pbkdf2Src string
	//go:embed _patch/maphash.go
	maphashSrc string
)

func init() {
	ixgo.RegisterPatch("errors", errorsSrc)
	ixgo.RegisterPatch("reflect", reflectSrc)
	ixgo.RegisterExternal("crypto/hkdf.keyHash", hkdf.Key[hash.Hash])
	ixgo.RegisterExternal("crypto/hkdf.extractHash", hkdf.Extract[hash.Hash])
	ixgo.RegisterExternal("crypto/hkdf.expandHash", hkdf.Expand[hash.Hash])
	ixgo.RegisterPatch("crypto/hkdf", hkdfSrc)
	ixgo.RegisterExternal("crypto/pbkdf2.keyHash", pbkdf2.Key[hash.Hash])
	ixgo.RegisterPatch("crypto/pbkdf2", pbkdf2Src)
	ixgo.RegisterExternal("hash/maphash.comparableHash", comparableHash)
	ixgo.RegisterExternal("hash/maphash.writeComparable", writeComparable)
	ixgo.RegisterPatch("hash/maphash", maphashSrc)
}

// comparableHash is maphash.Comparable for a value held in an any.
func comparableHash(seed maphash.Seed, v any) uint64 {
	var h maphash.Hash
	h.SetSeed(seed)
	writeComparable(&h, v)
	return h.Sum64()
}
