package kernel_test

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"

	"github.com/coevolab/coevo/kernel"
	"github.com/coevolab/coevo/kernel/wire"
)

// zmtpGreeting is a ZMTP 3.0 client's greeting with the NULL mechanism.
func zmtpGreeting() []byte {
	g := make([]byte, 64)
	g[0], g[9], g[10] = 0xff, 0x7f, 3
	copy(g[12:], "NULL")
	return g
}

// zmtpReady is a READY command from a socket of type typ.
func zmtpReady(typ string) []byte {
	body := append([]byte{5}, "READY"...)
	body = append(body, byte(len("Socket-Type")))
	body = append(body, "Socket-Type"...)
	body = binary.BigEndian.AppendUint32(body, uint32(len(typ)))
	body = append(body, typ...)
	return append([]byte{0x04, byte(len(body))}, body...)
}

// longFrame is the header of a frame that claims size bytes.
func longFrame(size uint64) []byte {
	return binary.BigEndian.AppendUint64([]byte{0x02}, size)
}

// hostile sends b to port on a fresh connection and waits (a while) for
// the kernel to hang up, reading whatever it says; a silent connection is
// left open until the test ends.
func hostile(t *testing.T, port int, b []byte, keepOpen bool) {
	c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
	if err != nil {
		t.Errorf("port %d: %v", port, err)
		return
	}
	if keepOpen {
		t.Cleanup(func() { c.Close() })
	} else {
		defer c.Close()
	}
	c.SetDeadline(time.Now().Add(15 * time.Second))
	c.Write(b)
	if !keepOpen {
		// Done sending: the kernel sees the end (inside a frame, often)
		// if it has not hung up already.
		c.(*net.TCPConn).CloseWrite()
		io.Copy(io.Discard, c)
	}
}

// The faults of issue 23: a greeting and a frame whose length field is
// 2^40 (go-zeromq: "fatal error: runtime: out of memory"), random bytes
// ("makeslice: len out of range"), a READY whose metadata runs past its end
// (a panic in go-zeromq's accept loop), and connections that say nothing,
// sent to each of the five ports of a running kernel. Then a cell runs
// and the heartbeat answers. A fatal error or panic would end this test's
// process, which runs the kernel.
func TestHostileBytesOnEveryPort(t *testing.T) {
	var log lockedBuffer
	c := startWith(t, kernel.Options{Log: &log})
	c.execute("before := 41")
	ports := map[string]int{"shell": c.conn.ShellPort, "control": c.conn.ControlPort, "stdin": c.conn.StdinPort, "iopub": c.conn.IOPubPort, "hb": c.conn.HBPort}
	peer := map[string]string{"shell": "DEALER", "control": "DEALER", "stdin": "DEALER", "iopub": "SUB", "hb": "REQ"}
	rng := rand.New(rand.NewPCG(23, 3))
	junk := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	var wg sync.WaitGroup
	for name, port := range ports {
		hello := append(zmtpGreeting(), zmtpReady(peer[name])...)
		attacks := [][]byte{
			append(append([]byte(nil), hello...), longFrame(1<<40)...),
			append(append([]byte(nil), hello...), longFrame(1<<62)...),
			append(append([]byte(nil), hello...), longFrame(1<<64-1)...),
			append(zmtpGreeting(), 0x04, 10, 5, 'R', 'E', 'A', 'D', 'Y', 3, 'a', 'b', 'c'),
			append(append([]byte(nil), hello...), 0x01, 0xff), // a frame cut short
		}
		for i := 0; i < 8; i++ {
			attacks = append(attacks, junk(1+rng.IntN(8192)), append(append([]byte(nil), hello...), junk(1+rng.IntN(8192))...))
		}
		for _, a := range attacks {
			wg.Add(1)
			go func() { defer wg.Done(); hostile(t, port, a, false) }()
		}
		hostile(t, port, nil, true)                 // silent
		hostile(t, port, zmtpGreeting()[:30], true) // half a greeting
		hostile(t, port, hello, true)               // a peer that greets, then idles
	}
	wg.Wait()
	r := c.execute("before + 1")
	if r.reply["status"] != "ok" || r.data("execute_result", "text/plain") != "42" {
		t.Fatalf("after the attacks: %v", r.reply)
	}
	c.hb.Send(zmq4.NewMsgString("still there?"))
	if m, err := c.hb.Recv(); err != nil || string(m.Frames[0]) != "still there?" {
		t.Fatalf("heartbeat after the attacks: %v %v", m, err)
	}
	if l := log.String(); !strings.Contains(l, "larger than the limit") {
		t.Errorf("the kernel's log does not say why it closed the connections:\n%s", l)
	}
}

// A message over the kernel's limit (set low here, as
// COEVO_KERNEL_MAX_MESSAGE would) closes its connection unread; the
// client's own connection serves on.
func TestMaxMessageOverTheWire(t *testing.T) {
	c := startWith(t, kernel.Options{MaxMessage: 1 << 20})
	big := zmq4.NewDealer(c.ctx, zmq4.WithID(zmq4.SocketIdentity("big")))
	if err := big.Dial(c.shellAddr); err != nil {
		t.Fatal(err)
	}
	defer big.Close()
	code := "s := \"" + strings.Repeat("x", 2<<20) + "\"\nlen(s)"
	content, _ := json.Marshal(map[string]any{"code": code})
	frames, err := c.signer.Encode(&wire.Message{Header: wire.NewHeader("execute_request", c.session), Content: content})
	if err != nil {
		t.Fatal(err)
	}
	// The kernel may hang up while zmq4 still writes: an error here is fine.
	big.SendMulti(zmq4.NewMsgFrom(frames...))
	if r := c.execute("len(\"" + strings.Repeat("y", 512<<10) + "\")"); r.data("execute_result", "text/plain") != fmt.Sprint(512<<10) {
		t.Fatalf("a message under the limit: %v", r.reply)
	}
	if r := c.execute("s"); r.reply["status"] != "error" {
		t.Fatalf("the message over the limit ran: %v", r.reply)
	}
}
