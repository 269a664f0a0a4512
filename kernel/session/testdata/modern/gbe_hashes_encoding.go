// Go by Example style: SHA-256 and base64.
package main

import (
	"crypto/sha256"
	b64 "encoding/base64"
	"encoding/hex"
	"fmt"
)

func main() {
	h := sha256.New()
	h.Write([]byte("sha256 this string"))
	fmt.Printf("%x\n", h.Sum(nil))
	data := "abc123!?$*&()'-=@~"
	sEnc := b64.StdEncoding.EncodeToString([]byte(data))
	fmt.Println(sEnc)
	sDec, _ := b64.StdEncoding.DecodeString(sEnc)
	fmt.Println(string(sDec))
	fmt.Println(b64.URLEncoding.EncodeToString([]byte(data)))
	fmt.Println(hex.EncodeToString([]byte("go")))
}
