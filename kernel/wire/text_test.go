package wire

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// AppendString writes JSON that decodes to what encoding/json's own
// encoding of the same bytes decodes to (an implementation written
// independently), for text of every kind: ASCII, control characters,
// multi-byte characters, U+2028, bytes that are no UTF-8, and characters
// cut in the middle.
func TestAppendStringAsEncodingJSON(t *testing.T) {
	samples := []string{"", "plain", "line\n", "\"quoted\" \\ back", "\x00\x01\x1f\x7f", "\b\f\r\t", "héllo wörld ✓ 𝄞",
		"\u2028\u2029", "<&>", "\xff\xfe", "caf\xc3", "\xe2\x9c", "\xf0\x9d\x84", "a\xc3(b", "\xed\xa0\x80 (a surrogate)"}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "\n", "\"", "\\", "\x00", "\x1b", "é", "✓", "𝄞", "\u2028", "\xff", "\xc3", "\xe2\x9c", " "}
	for range 2000 {
		b := []byte{}
		for range rng.IntN(40) {
			b = append(b, alphabet[rng.IntN(len(alphabet))]...)
		}
		samples = append(samples, string(b))
	}
	for _, s := range samples {
		got := AppendString([]byte("prefix"), []byte(s))
		if string(got[:6]) != "prefix" {
			t.Fatalf("%q: the prefix is gone: %q", s, got)
		}
		got = got[6:]
		if !json.Valid(got) {
			t.Fatalf("%q: not JSON: %s", s, got)
		}
		var mine, theirs string
		if err := json.Unmarshal(got, &mine); err != nil {
			t.Fatal(err)
		}
		ref, _ := json.Marshal(s)
		json.Unmarshal(ref, &theirs)
		if mine != theirs {
			t.Fatalf("%q: decodes to %q, encoding/json's to %q", s, mine, theirs)
		}
	}
}

func BenchmarkAppendString(b *testing.B) {
	text := make([]byte, 1<<20)
	for i := range text {
		text[i] = "abcdefghij\n"[i%11]
	}
	buf := make([]byte, 0, 2<<20)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		buf = AppendString(buf[:0], text)
	}
}

func BenchmarkMarshalString(b *testing.B) {
	text := make([]byte, 1<<20)
	for i := range text {
		text[i] = "abcdefghij\n"[i%11]
	}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		json.Marshal(string(text))
	}
}

// ParseString reads back what AppendString writes, and what
// encoding/json writes of the same text; it declines (for encoding/json
// to decode) only JSON that AppendString does not write, and then
// encoding/json's decoding is still what it gives.
func TestParseString(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	alphabet := []string{"a", "\n", "\"", "\\", "/", "\x00", "\x1b", "é", "✓", "𝄞", "\u2028", "\xff", "\xc3", "\xe2\x9c", " ", "<"}
	for range 3000 {
		b := []byte{}
		for range rng.IntN(40) {
			b = append(b, alphabet[rng.IntN(len(alphabet))]...)
		}
		var want string
		json.Unmarshal(AppendString(nil, b), &want)
		enc := append(AppendString(nil, b), "}rest"...)
		s, n, ok := ParseString(enc)
		if !ok || s != want || string(enc[n:]) != "}rest" {
			t.Fatalf("%q: %q %d %v, want %q", b, s, n, ok, want)
		}
		ref, _ := json.Marshal(string(b)) // HTML escapes too
		if s, n, ok := ParseString(ref); !ok || s != want || n != len(ref) {
			t.Fatalf("%s: %q %v, want %q", ref, s, ok, want)
		}
	}
	for _, in := range []string{``, `x`, `"open`, `"bad \x escape"`, "\"raw \x01 control\"", `"\ud83d\ude00"`, `"\ud800"`, `"\u12"`, "\"\xff\"", `"\`} {
		if s, _, ok := ParseString([]byte(in)); ok {
			t.Fatalf("%q: taken (%q), but AppendString never writes it", in, s)
		}
	}
}
