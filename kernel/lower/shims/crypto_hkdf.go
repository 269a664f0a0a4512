//go:build ignore

// Shims for package crypto/hkdf: RFC 5869 on crypto/hmac.
package hkdf

import (
	"crypto/hmac"
	"errors"
	"hash"
)

func Extract[H hash.Hash](h func() H, secret, salt []byte) ([]byte, error) {
	fh := func() hash.Hash { return h() }
	if salt == nil {
		salt = make([]byte, fh().Size())
	}
	m := hmac.New(fh, salt)
	m.Write(secret)
	return m.Sum(nil), nil
}

func Expand[H hash.Hash](h func() H, pseudorandomKey []byte, info string, keyLength int) ([]byte, error) {
	fh := func() hash.Hash { return h() }
	if keyLength > fh().Size()*255 {
		return nil, errors.New("hkdf: requested key length too large")
	}
	m := hmac.New(fh, pseudorandomKey)
	var out, prev []byte
	for counter := byte(1); len(out) < keyLength; counter++ {
		m.Reset()
		m.Write(prev)
		m.Write([]byte(info))
		m.Write([]byte{counter})
		prev = m.Sum(nil)
		out = append(out, prev...)
	}
	return out[:keyLength], nil
}

func Key[Hash hash.Hash](h func() Hash, secret, salt []byte, info string, keyLength int) ([]byte, error) {
	prk, err := Extract(h, secret, salt)
	if err != nil {
		return nil, err
	}
	return Expand(h, prk, info, keyLength)
}
