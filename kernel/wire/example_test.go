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
