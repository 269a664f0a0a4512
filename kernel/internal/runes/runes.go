// Package runes cuts output text between UTF-8 characters: where a
// stream's text is split into messages (whose JSON would turn half a
// character into U+FFFD), and what a write left unfinished.
package runes

import "unicode/utf8"

// Cut is where to cut text so that its first part holds at most n bytes
// (n > 0) and does not end inside a character: len(text) if it is no
// longer than n; else n, or up to three bytes less. Bytes that are no
// UTF-8 are cut anywhere.
func Cut(text []byte, n int) int {
	if len(text) <= n {
		return len(text)
	}
	for i := n; i > n-utf8.UTFMax && i > 0; i-- {
		if utf8.RuneStart(text[i]) {
			return i
		}
	}
	return n
}

// Partial is the length of the start of a character that text ends with
// and that misses its last bytes: 0 if text ends with a whole character
// or with bytes that cannot start one.
func Partial(text []byte) int {
	for i := len(text) - 1; i >= 0 && i > len(text)-utf8.UTFMax; i-- {
		if utf8.RuneStart(text[i]) {
			if utf8.FullRune(text[i:]) {
				return 0
			}
			return len(text) - i
		}
	}
	return 0
}
