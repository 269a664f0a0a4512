package pbkdf2

import (
	"hash"
	_ "unsafe"
)

// Key derives a key from password and salt (RFC 8018), with iter rounds of
// the hash function h: compiled crypto/pbkdf2 does the work.
func Key[Hash hash.Hash](h func() Hash, password string, salt []byte, iter, keyLength int) ([]byte, error) {
	return keyHash(func() hash.Hash { return h() }, password, salt, iter, keyLength)
}

//go:linkname keyHash crypto/pbkdf2.keyHash
func keyHash(h func() hash.Hash, password string, salt []byte, iter, keyLength int) ([]byte, error)
