// Go 1.24: crypto/sha3, crypto/hkdf and crypto/pbkdf2 in the standard library.
package main

import (
	"crypto/hkdf"
	"crypto/pbkdf2"
	"crypto/sha256"
	"crypto/sha3"
	"fmt"
)

func main() {
	fmt.Printf("%x\n", sha3.Sum256([]byte("coevolution")))
	key, err := hkdf.Key(sha256.New, []byte("secret"), []byte("salt"), "context", 16)
	fmt.Printf("%x %v\n", key, err)
	prk, _ := hkdf.Extract(sha256.New, []byte("secret"), nil)
	out, _ := hkdf.Expand(sha256.New, prk, "info", 40)
	fmt.Printf("%x\n", out)
	dk, err := pbkdf2.Key(sha256.New, "password", []byte("salt"), 1000, 20)
	fmt.Printf("%x %v\n", dk, err)
}
