package hkdf

import (
	"hash"
	_ "unsafe"
)

// Key derives a key from secret, salt and info (RFC 5869), with the hash
// function h: compiled crypto/hkdf does the work, for hash.Hash.
func Key[H hash.Hash](h func() H, secret, salt []byte, info string, keyLength int) ([]byte, error) {
	return keyHash(func() hash.Hash { return h() }, secret, salt, info, keyLength)
}

// Extract is HKDF's extract step (RFC 5869).
func Extract[H hash.Hash](h func() H, secret, salt []byte) ([]byte, error) {
	return extractHash(func() hash.Hash { return h() }, secret, salt)
}

// Expand is HKDF's expand step (RFC 5869).
func Expand[H hash.Hash](h func() H, pseudorandomKey []byte, info string, keyLength int) ([]byte, error) {
	return expandHash(func() hash.Hash { return h() }, pseudorandomKey, info, keyLength)
}

//go:linkname keyHash crypto/hkdf.keyHash
func keyHash(h func() hash.Hash, secret, salt []byte, info string, keyLength int) ([]byte, error)

//go:linkname extractHash crypto/hkdf.extractHash
func extractHash(h func() hash.Hash, secret, salt []byte) ([]byte, error)

//go:linkname expandHash crypto/hkdf.expandHash
func expandHash(h func() hash.Hash, pseudorandomKey []byte, info string, keyLength int) ([]byte, error)
