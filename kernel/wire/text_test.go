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
