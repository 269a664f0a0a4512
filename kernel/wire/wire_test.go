package wire

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	s := NewSigner("secret")
	m := &Message{Identities: [][]byte{[]byte("id1")}, Header: NewHeader("execute_request", "sess"), Content: json.RawMessage(`{"code":"1+1"}`)}
	frames, err := s.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Decode(frames)
	if err != nil {
		t.Fatal(err)
	}
	if got.Header.MsgType != "execute_request" || string(got.Content) != `{"code":"1+1"}` || string(got.Identities[0]) != "id1" {
		t.Fatalf("%+v", got)
	}
}

// The signature is HMAC-SHA256 over header, parent, metadata and content,
// in hex: checked against a value computed by Python's hmac module
// (hmac.new(b"key", b'{"a":1}{}{}{}', "sha256").hexdigest()).
func TestSignatureValue(t *testing.T) {
	s := NewSigner("key")
	got := string(s.sign([]byte(`{"a":1}`), []byte("{}"), []byte("{}"), []byte("{}")))
	if got != "f1128388193e4dd1aa760827bd756a1b40b627676b5efe22c0e8297919bfa218" {
		t.Fatalf("signature %q", got)
	}
}

func TestBadSignatureRejected(t *testing.T) {
	s := NewSigner("secret")
	frames, _ := s.Encode(&Message{Header: NewHeader("execute_request", "s"), Content: json.RawMessage(`{"code":"panic(1)"}`)})
	frames[len(frames)-1] = []byte(`{"code":"os.Exit(1)"}`)
	if _, err := s.Decode(frames); !errors.Is(err, ErrSignature) {
		t.Fatalf("tampered content: %v", err)
	}
	other, _ := NewSigner("other").Encode(&Message{Header: NewHeader("execute_request", "s")})
	if _, err := s.Decode(other); !errors.Is(err, ErrSignature) {
		t.Fatalf("wrong key: %v", err)
	}
}

// Garbage frames never crash the decoder.
func FuzzDecode(f *testing.F) {
	s := NewSigner("")
	good, _ := s.Encode(&Message{Header: NewHeader("kernel_info_request", "s")})
	join := func(fr [][]byte) []byte {
		var b []byte
		for _, x := range fr {
			b = append(b, x...)
			b = append(b, 0)
		}
		return b
	}
	f.Add(join(good))
	f.Add([]byte("<IDS|MSG>\x00\x00{}\x00{}\x00{}\x00{}\x00"))
	f.Add([]byte("x\x00<IDS|MSG>\x00sig\x00{\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var frames [][]byte
		start := 0
		for i, c := range data {
			if c == 0 {
				frames = append(frames, data[start:i])
				start = i + 1
			}
		}
		frames = append(frames, data[start:])
		for _, key := range []string{"", "k"} {
			m, err := NewSigner(key).Decode(frames)
			if err == nil && m == nil {
				t.Fatal("nil message without error")
			}
		}
	})
}

// A validly signed message sent twice is accepted once (ipykernel's
// Session rejects a digest it has seen with "Duplicate Signature").
func TestReplayRejected(t *testing.T) {
	s := NewSigner("secret")
	frames, _ := s.Encode(&Message{Header: NewHeader("execute_request", "s"), Content: json.RawMessage(`{"code":"x++"}`)})
	if _, err := s.Decode(frames); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Decode(frames); !errors.Is(err, ErrReplay) {
		t.Fatalf("second delivery: %v, want ErrReplay", err)
	}
	// Another message with the same content has another header (msg_id,
	// date), so another signature: accepted.
	again, _ := s.Encode(&Message{Header: NewHeader("execute_request", "s"), Content: json.RawMessage(`{"code":"x++"}`)})
	if _, err := s.Decode(again); err != nil {
		t.Fatalf("a new message with the same code: %v", err)
	}
	// Without a key there are no signatures to remember.
	open := NewSigner("")
	plain, _ := open.Encode(&Message{Header: NewHeader("kernel_info_request", "s")})
	for i := 0; i < 2; i++ {
		if _, err := open.Decode(plain); err != nil {
			t.Fatalf("unsigned delivery %d: %v", i, err)
		}
	}
}

// The memory of signatures is bounded: after Remembered newer messages,
// the oldest signature is forgotten, and the newest are still refused.
func TestReplayMemoryBounded(t *testing.T) {
	s := NewSigner("k")
	first, _ := s.Encode(&Message{Header: NewHeader("a", "s")})
	if _, err := s.Decode(first); err != nil {
		t.Fatal(err)
	}
	var last [][]byte
	for i := 0; i < Remembered; i++ {
		last, _ = s.Encode(&Message{Header: NewHeader("a", "s")})
		if _, err := s.Decode(last); err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
	}
	if len(s.seen) != Remembered {
		t.Fatalf("%d signatures remembered, want %d", len(s.seen), Remembered)
	}
	if _, err := s.Decode(first); err != nil {
		t.Fatalf("the oldest signature should be forgotten: %v", err)
	}
	if _, err := s.Decode(last); !errors.Is(err, ErrReplay) {
		t.Fatalf("the newest signature: %v, want ErrReplay", err)
	}
}
