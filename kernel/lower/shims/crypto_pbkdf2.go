//go:build ignore

// Shims for package crypto/pbkdf2: RFC 8018's PBKDF2 on crypto/hmac.
package pbkdf2

import (
	"crypto/hmac"
	"hash"
)

func Key[Hash hash.Hash](h func() Hash, password string, salt []byte, iter, keyLength int) ([]byte, error) {
	prf := hmac.New(func() hash.Hash { return h() }, []byte(password))
	size := prf.Size()
	blocks := (keyLength + size - 1) / size
	var out []byte
	buf := make([]byte, 4)
	for block := 1; block <= blocks; block++ {
		prf.Reset()
		prf.Write(salt)
		buf[0], buf[1], buf[2], buf[3] = byte(block>>24), byte(block>>16), byte(block>>8), byte(block)
		prf.Write(buf)
		u := prf.Sum(nil)
		t := append([]byte(nil), u...)
		for n := 2; n <= iter; n++ {
			prf.Reset()
			prf.Write(u)
			u = prf.Sum(u[:0])
			for i := range t {
				t[i] ^= u[i]
			}
		}
		out = append(out, t...)
	}
	return out[:keyLength], nil
}
