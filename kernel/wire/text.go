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

// ParseString reads the JSON string that b starts with (quotes included),
// as AppendString writes them, and returns it and the bytes it took. ok is
// false when b does not start with such a string, or holds what
// AppendString never writes there (bytes that are no UTF-8, a control
// character, an escaped surrogate): a caller then decodes b with
// encoding/json, which takes any JSON.
func ParseString(b []byte) (s string, n int, ok bool) {
	if len(b) == 0 || b[0] != '"' {
		return "", 0, false
	}
	i, start := 1, 1
	var out []byte // nil while nothing was unescaped
	for i < len(b) {
		c := b[i]
		switch {
		case c == '"':
			if !utf8.Valid(b[start:i]) {
				return "", 0, false
			}
			if out == nil {
				return string(b[1:i]), i + 1, true
			}
			return string(append(out, b[start:i]...)), i + 1, true
		case c < 0x20:
			return "", 0, false
		case c != '\\':
			i++
			continue
		}
		if !utf8.Valid(b[start:i]) || i+1 >= len(b) {
			return "", 0, false
		}
		if out == nil {
			out = make([]byte, 0, len(b))
		}
		out = append(out, b[start:i]...)
		switch e := b[i+1]; e {
		case '"', '\\', '/':
			out = append(out, e)
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'u':
			if i+6 > len(b) {
				return "", 0, false
			}
			r := rune(0)
			for _, h := range b[i+2 : i+6] {
				switch {
				case '0' <= h && h <= '9':
					r = r<<4 | rune(h-'0')
				case 'a' <= h && h <= 'f':
					r = r<<4 | rune(h-'a'+10)
				case 'A' <= h && h <= 'F':
					r = r<<4 | rune(h-'A'+10)
				default:
					return "", 0, false
				}
			}
			if 0xd800 <= r && r < 0xe000 {
				return "", 0, false
			}
			out = utf8.AppendRune(out, r)
			i += 4
		default:
			return "", 0, false
		}
		i += 2
		start = i
	}
	return "", 0, false
}
