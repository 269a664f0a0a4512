package wire

import "unicode/utf8"

// AppendString appends text to dst as a JSON string, quotes included, as
// encoding/json would write it without its HTML escapes: bytes that are
// no UTF-8 become U+FFFD, control characters, quotes and backslashes are
// escaped, and so are U+2028 and U+2029. It copies text once, where
// json.Marshal(string(text)) would copy it three times; output streams
// are encoded so (a cell's stream text, the messages that carry it).
func AppendString(dst, text []byte) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0 // text[start:i] is to be copied as it is
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			if plain[c] {
				i++
				continue
			}
			dst = append(dst, text[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRune(text[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, text[start:i]...)
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, text[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, text[start:]...)
	return append(dst, '"')
}

// plain tells the ASCII bytes a JSON string holds as they are.
var plain = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()
