package wire_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/coevolab/coevo/kernel/wire"
)

// A kernel verifies every message with the connection's key: a tampered
// message and the same message sent twice are both refused.
func ExampleSigner_Decode() {
	client, kernel := wire.NewSigner("connection-key"), wire.NewSigner("connection-key")
	frames, _ := client.Encode(&wire.Message{
		Header:  wire.NewHeader("execute_request", "session-1"),
		Content: json.RawMessage(`{"code":"1 + 1"}`),
	})

	m, err := kernel.Decode(frames)
	fmt.Println(m.Header.MsgType, string(m.Content), err)

	_, err = kernel.Decode(frames)
	fmt.Println(errors.Is(err, wire.ErrReplay))

	tampered := append([][]byte(nil), frames...)
	tampered[len(tampered)-1] = []byte(`{"code":"os.Exit(1)"}`)
	_, err = kernel.Decode(tampered)
	fmt.Println(errors.Is(err, wire.ErrSignature))
	// Output:
	// execute_request {"code":"1 + 1"} <nil>
	// true
	// true
}

// A stream message's content, encoded around a cell's output without
// copying the output into a string first.
func ExampleAppendString() {
	out := []byte("naïve \"quote\"\n\x00end")
	content := []byte(`{"name":"stdout","text":`)
	content = append(wire.AppendString(content, out), '}')
	fmt.Println(string(content))
	var c struct{ Text string }
	json.Unmarshal(content, &c)
	fmt.Println(c.Text == string(out))
	// Output:
	// {"name":"stdout","text":"naïve \"quote\"\n\u0000end"}
	// true
}
