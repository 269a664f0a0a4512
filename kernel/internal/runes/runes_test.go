package runes

import (
	"testing"
	"unicode/utf8"
)

func TestCut(t *testing.T) {
	for _, c := range []struct {
		text string
		n    int
		want int
	}{
		{"abc", 5, 3},
		{"abc", 3, 3},
		{"abcdef", 4, 4},
		{"ab✓cd", 3, 2}, // ✓ is 3 bytes at 2..4: cutting at 3 or 4 would split it
		{"ab✓cd", 4, 2},
		{"ab✓cd", 5, 5},
		{"a𝄞b", 2, 1}, // 𝄞 is 4 bytes at 1..4
		{"a𝄞b", 4, 1},
		{"a𝄞b", 5, 5},
		{"\x80\x80\x80\x80\x80\x80", 5, 5}, // no UTF-8: cut where asked
	} {
		if got := Cut([]byte(c.text), c.n); got != c.want {
			t.Errorf("Cut(%q, %d) = %d, want %d", c.text, c.n, got, c.want)
		}
	}
}

// Cutting any text anywhere, then joining the pieces, gives the text back,
// and every piece of valid UTF-8 is valid UTF-8.
func TestCutPiecesAreWhole(t *testing.T) {
	text := []byte("héllo wörld ✓ 𝄞 ünïcödé ✓✓✓ 𝄞𝄞")
	for n := 4; n < 12; n++ {
		var joined []byte
		for p := text; len(p) > 0; {
			k := Cut(p, n)
			if k == 0 || k > n {
				t.Fatalf("n=%d: cut at %d", n, k)
			}
			if !utf8.Valid(p[:k]) {
				t.Fatalf("n=%d: piece %q is not whole characters", n, p[:k])
			}
			joined, p = append(joined, p[:k]...), p[k:]
		}
		if string(joined) != string(text) {
			t.Fatalf("n=%d: %q", n, joined)
		}
	}
}

func TestPartial(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{"", 0},
		{"abc", 0},
		{"ab✓", 0},
		{"ab\xe2", 1},     // the first byte of ✓
		{"ab\xe2\x9c", 2}, // two of its three
		{"a\xf0\x9d\x84", 3},
		{"a\xf0\x9d\x84\x9e", 0}, // 𝄞 whole
		{"a\xff", 0},             // no UTF-8: nothing to wait for
		{"a\x80", 0},
		{"é", 0},
		{"\xc3", 1},
	} {
		if got := Partial([]byte(c.text)); got != c.want {
			t.Errorf("Partial(%q) = %d, want %d", c.text, got, c.want)
		}
	}
}
