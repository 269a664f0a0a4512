package zmtp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

// The peers in these tests are go-zeromq/zmq4's client sockets (an
// implementation of ZMTP written independently of this one), raw TCP
// connections that send what no client would, and, where Debian's
// python3-zmq is installed, libzmq itself.

func listen(t *testing.T, kind Kind, opts Options) *Socket {
	t.Helper()
	if opts.Log == nil {
		opts.Log = func(s string) { t.Log(s) }
	}
	s, err := Listen(kind, "tcp://127.0.0.1:0", opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func endpoint(s *Socket) string { return "tcp://" + s.Addr().String() }

func dial(t *testing.T, s zmq4.Socket, ep string) zmq4.Socket {
	t.Helper()
	if err := s.Dial(ep); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// recv is Recv with a deadline.
func recv(t *testing.T, s *Socket) [][]byte {
	t.Helper()
	type r struct {
		f   [][]byte
		err error
	}
	ch := make(chan r, 1)
	go func() { f, err := s.Recv(); ch <- r{f, err} }()
	select {
	case got := <-ch:
		if got.err != nil {
			t.Fatal(got.err)
		}
		return got.f
	case <-time.After(20 * time.Second):
		t.Fatal("no message within 20 s")
	}
	return nil
}

func frames(s ...string) [][]byte {
	out := make([][]byte, len(s))
	for i, x := range s {
		out[i] = []byte(x)
	}
	return out
}

// roundTrip checks that a ROUTER socket serves a zmq4 DEALER: the message
// arrives with the dealer's identity, and the answer reaches it.
func roundTrip(t *testing.T, s *Socket, name string) {
	t.Helper()
	ctx := context.Background()
	d := dial(t, zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity(name)), zmq4.WithDialerTimeout(5*time.Second)), endpoint(s))
	long := strings.Repeat("x", 70000) // a long frame, and a multi-frame message
	if err := d.SendMulti(zmq4.NewMsgFrom([]byte("hello"), []byte(long), nil)); err != nil {
		t.Fatal(err)
	}
	got := recv(t, s)
	if len(got) != 4 || string(got[0]) != name || string(got[1]) != "hello" || string(got[2]) != long || len(got[3]) != 0 {
		t.Fatalf("got %d frames, first %q", len(got), got[0])
	}
	if err := s.Send(frames(name, "answer", long)); err != nil {
		t.Fatal(err)
	}
	m, err := d.Recv()
	if err != nil || len(m.Frames) != 2 || string(m.Frames[0]) != "answer" || string(m.Frames[1]) != long {
		t.Fatalf("dealer got %d frames, %v", len(m.Frames), err)
	}
}

func TestRouterWithDealers(t *testing.T) {
	s := listen(t, Router, Options{})
	roundTrip(t, s, "one")
	roundTrip(t, s, "two")
	if err := s.Send(frames("nobody", "x")); err != ErrNoPeer {
		t.Fatalf("send to an unknown identity: %v", err)
	}
}

func TestRepWithReq(t *testing.T) {
	s := listen(t, Rep, Options{})
	r := dial(t, zmq4.NewReq(context.Background()), endpoint(s))
	for i := 0; i < 3; i++ {
		ping := fmt.Sprintf("ping %d", i)
		if err := r.Send(zmq4.NewMsgString(ping)); err != nil {
			t.Fatal(err)
		}
		got := recv(t, s)
		if len(got) != 1 || string(got[0]) != ping {
			t.Fatalf("%q", got)
		}
		if err := s.Send(got); err != nil {
			t.Fatal(err)
		}
		m, err := r.Recv()
		if err != nil || string(m.Frames[0]) != ping {
			t.Fatalf("%v %v", m, err)
		}
	}
	if err := s.Send(frames("again")); err != ErrNoRequest {
		t.Fatalf("a second reply: %v", err)
	}
}

// subscribed sends on a PUB socket until sub receives: then its
// subscription has arrived.
func subscribed(t *testing.T, pub *Socket, sub zmq4.Socket, topic string) {
	t.Helper()
	got := make(chan struct{})
	go func() {
		if m, err := sub.Recv(); err == nil && string(m.Frames[0]) == topic {
			close(got)
		}
	}()
	deadline := time.After(20 * time.Second)
	for {
		pub.Send(frames(topic, "probe"))
		select {
		case <-got:
			return
		case <-deadline:
			t.Fatal("the subscription did not arrive within 20 s")
		case <-time.After(20 * time.Millisecond):
		}
	}
}

func TestPubFiltersByTopic(t *testing.T) {
	pub := listen(t, Pub, Options{})
	ctx := context.Background()
	all := dial(t, zmq4.NewSub(ctx), endpoint(pub))
	all.SetOption(zmq4.OptionSubscribe, "")
	status := dial(t, zmq4.NewSub(ctx), endpoint(pub))
	status.SetOption(zmq4.OptionSubscribe, "kernel.status")
	subscribed(t, pub, all, "kernel.status")
	subscribed(t, pub, status, "kernel.status")
	pub.Send(frames("kernel.stream", "1"))
	pub.Send(frames("kernel.status", "2"))
	// all gets both (after any probes still queued); status only the second.
	var gotAll []string
	for len(gotAll) < 2 {
		m, err := all.Recv()
		if err != nil {
			t.Fatal(err)
		}
		if string(m.Frames[1]) != "probe" {
			gotAll = append(gotAll, string(m.Frames[1]))
		}
	}
	if strings.Join(gotAll, ",") != "1,2" {
		t.Fatalf("subscriber of everything got %v", gotAll)
	}
	for {
		m, err := status.Recv()
		if err != nil {
			t.Fatal(err)
		}
		if string(m.Frames[0]) != "kernel.status" {
			t.Fatalf("subscriber of kernel.status got %q", m.Frames[0])
		}
		if string(m.Frames[1]) == "2" {
			break
		}
	}
}

// raw is a TCP connection that speaks ZMTP by hand.
type raw struct {
	t *testing.T
	c net.Conn
}

func dialRaw(t *testing.T, s *Socket) *raw {
	t.Helper()
	c, err := net.Dial("tcp", s.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &raw{t, c}
}

func peerGreeting() []byte {
	g := make([]byte, 64)
	g[0], g[9], g[10], g[11] = 0xff, 0x7f, 3, 0
	copy(g[12:], "NULL")
	return g
}

func ready(socketType string) []byte {
	return command("READY", property(nil, "Socket-Type", socketType))
}

func (r *raw) write(b []byte) {
	r.c.SetWriteDeadline(time.Now().Add(10 * time.Second))
	r.c.Write(b) // the kernel may have hung up: that is the point
}

// handshake greets as a peer of type typ and reads the socket's greeting
// and READY.
func (r *raw) handshake(typ string) {
	r.t.Helper()
	r.write(peerGreeting())
	r.write(ready(typ))
	rd := NewReader(r.c, 0)
	r.c.SetReadDeadline(time.Now().Add(10 * time.Second))
	if _, err := rd.ReadGreeting(); err != nil {
		r.t.Fatal(err)
	}
	m, err := rd.Read()
	if err != nil || m.Command != "READY" {
		r.t.Fatalf("%+v %v", m, err)
	}
}

// closed waits until the socket hangs up on the connection.
func (r *raw) closed() bool {
	r.c.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, err := io.Copy(io.Discard, r.c)
	var ne net.Error
	// EOF (err == nil), or a reset: the other side hung up with bytes of
	// ours unread.
	return err == nil || !(errors.As(err, &ne) && ne.Timeout())
}

func longHeader(flags byte, size uint64) []byte {
	return binary.BigEndian.AppendUint64([]byte{flags | flagLong}, size)
}

// heapGrowth runs f and returns by how much the heap grew.
func heapGrowth(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	if b.TotalAlloc < a.TotalAlloc {
		return 0
	}
	return b.TotalAlloc - a.TotalAlloc
}

// A length field of 2^40, 2^62, 2^63-1 or 2^64-1 closes that connection
// without allocating for it; the socket serves the next peer.
func TestOversizedLengthFields(t *testing.T) {
	for _, kind := range []Kind{Router, Rep, Pub} {
		s := listen(t, kind, Options{})
		for _, size := range []uint64{1 << 40, 1 << 62, 1<<63 - 1, 1<<64 - 1} {
			for _, flags := range []byte{0, flagMore, flagCommand} {
				grew := heapGrowth(func() {
					r := dialRaw(t, s)
					r.handshake(peersOf[kind][0])
					r.write(longHeader(flags, size))
					if !r.closed() {
						t.Errorf("%v: the connection sending a frame of %d bytes was not closed", kind, size)
					}
				})
				if grew > 64<<20 {
					t.Errorf("%v: a frame header of %d bytes cost %d bytes of heap", kind, size, grew)
				}
			}
		}
		alive(t, s)
	}
}

// alive checks that a socket still serves a well-behaved client.
func alive(t *testing.T, s *Socket) {
	t.Helper()
	ctx := context.Background()
	switch s.kind {
	case Router:
		roundTrip(t, s, fmt.Sprintf("alive-%d", rand.Int()))
	case Rep:
		r := dial(t, zmq4.NewReq(ctx), endpoint(s))
		r.Send(zmq4.NewMsgString("ping"))
		got := recv(t, s)
		s.Send(got)
		if m, err := r.Recv(); err != nil || string(m.Frames[0]) != "ping" {
			t.Fatalf("%v %v", m, err)
		}
	case Pub:
		sub := dial(t, zmq4.NewSub(ctx), endpoint(s))
		sub.SetOption(zmq4.OptionSubscribe, "")
		subscribed(t, s, sub, "alive")
	}
}

// A message over MaxMessage is refused, frames and their overhead counted;
// one at the limit is delivered. The bytes are really sent.
func TestMaxMessage(t *testing.T) {
	const limit = 1 << 20
	s := listen(t, Router, Options{MaxMessage: limit})
	send := func(sizes ...int) *raw {
		r := dialRaw(t, s)
		r.handshake("DEALER")
		for i, n := range sizes {
			flags := byte(flagMore)
			if i == len(sizes)-1 {
				flags = 0
			}
			r.write(append(longHeader(flags, uint64(n)), bytes.Repeat([]byte{'x'}, n)...))
		}
		return r
	}
	// One frame of limit-64 bytes: at the limit.
	send(limit - FrameOverhead)
	if got := recv(t, s); len(got) != 2 || len(got[1]) != limit-FrameOverhead {
		t.Fatalf("%d frames", len(got))
	}
	// Three frames together one byte over it.
	if r := send(1000, 2000, limit-3*FrameOverhead-3000+1); !r.closed() {
		t.Fatal("a message one byte over the limit was accepted")
	}
	// Many empty frames count too.
	r := dialRaw(t, s)
	r.handshake("DEALER")
	r.write(bytes.Repeat([]byte{flagMore, 0}, limit/FrameOverhead+1))
	if !r.closed() {
		t.Fatal("a message of too many empty frames was accepted")
	}
	alive(t, s)
}

// Junk from the first byte, and junk after a good handshake: the
// connection is closed, nothing panics, the socket serves on.
func TestRandomBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 23))
	for _, kind := range []Kind{Router, Rep, Pub} {
		s := listen(t, kind, Options{HandshakeTimeout: 500 * time.Millisecond})
		var wg sync.WaitGroup
		for i := 0; i < 40; i++ {
			junk := make([]byte, 1+rng.IntN(4096))
			for j := range junk {
				junk[j] = byte(rng.Uint32())
			}
			afterHandshake := i%2 == 1
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := dialRaw(t, s)
				if afterHandshake {
					r.handshake(peersOf[kind][0])
				}
				r.write(junk)
				r.c.Close()
			}()
		}
		wg.Wait()
		alive(t, s)
	}
}

// The READY whose metadata made go-zeromq panic (a name that runs to the
// end of the frame), and other broken handshakes.
func TestBadHandshakes(t *testing.T) {
	s := listen(t, Router, Options{HandshakeTimeout: 300 * time.Millisecond})
	cases := map[string][]byte{
		"name to the end":      command("READY", []byte{3, 'a', 'b', 'c'}),
		"value past the end":   command("READY", []byte{1, 'a', 0, 0, 1, 0, 'x'}),
		"zero-length name":     command("READY", []byte{0, 0, 0, 0, 0}),
		"wrong socket type":    ready("SUB"),
		"empty command":        {flagCommand, 0},
		"name longer":          {flagCommand, 2, 9, 'R'},
		"command with MORE":    {flagCommand | flagMore, 6, 5, 'R', 'E', 'A', 'D', 'Y'},
		"a message, not READY": {0, 1, 'x'},
		"identity of 256":      command("READY", property(property(nil, "Socket-Type", "DEALER"), "Identity", strings.Repeat("i", 256))),
	}
	for name, b := range cases {
		r := dialRaw(t, s)
		r.write(peerGreeting())
		r.write(b)
		if !r.closed() {
			t.Errorf("%s: not closed", name)
		}
	}
	// Greetings that are not ZMTP 3 with NULL.
	old := peerGreeting()
	old[10] = 2
	curve := peerGreeting()
	copy(curve[12:], "CURVE")
	for name, g := range map[string][]byte{"http": []byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), "zmtp 2": old, "curve": curve} {
		r := dialRaw(t, s)
		r.write(g)
		if !r.closed() {
			t.Errorf("%s: not closed", name)
		}
	}
	alive(t, s)
}

// A peer that connects and says nothing, or stops mid-greeting, delays no
// one (go-zeromq's accept loop waited for each handshake in turn) and is
// closed after the handshake timeout.
func TestSilentPeers(t *testing.T) {
	s := listen(t, Router, Options{HandshakeTimeout: time.Second})
	silent := dialRaw(t, s)
	half := dialRaw(t, s)
	half.write(peerGreeting()[:20])
	t0 := time.Now()
	alive(t, s)
	if d := time.Since(t0); d > 900*time.Millisecond {
		t.Logf("a client took %v to be served beside two silent ones (loaded machine?)", d)
	}
	if !silent.closed() || !half.closed() {
		t.Fatal("silent connections were not closed after the handshake timeout")
	}
}

// PING is answered with PONG and its context (ZMTP 3.1).
func TestPing(t *testing.T) {
	s := listen(t, Router, Options{})
	r := dialRaw(t, s)
	r.handshake("DEALER")
	r.write(command("PING", []byte{0, 10, 'c', 't', 'x'}))
	rd := NewReader(r.c, 0)
	r.c.SetReadDeadline(time.Now().Add(10 * time.Second))
	m, err := rd.Read()
	if err != nil || m.Command != "PONG" || string(m.Data) != "ctx" {
		t.Fatalf("%+v %v", m, err)
	}
}

// A subscriber that never reads costs messages, not a stalled publisher
// (go-zeromq's one writer waited on it, for every subscriber): the sends
// all return, and the other subscriber goes on receiving.
func TestSlowSubscriber(t *testing.T) {
	pub := listen(t, Pub, Options{Queue: 64})
	slow := dialRaw(t, pub)
	slow.handshake("SUB")
	slow.write([]byte{0, 1, 1}) // subscribe to everything, then read nothing
	good := dial(t, zmq4.NewSub(context.Background()), endpoint(pub))
	good.SetOption(zmq4.OptionSubscribe, "")
	subscribed(t, pub, good, "t")
	received := make(chan string, 100000)
	go func() {
		for {
			m, err := good.Recv()
			if err != nil {
				return
			}
			received <- string(m.Frames[1])
		}
	}()
	big := bytes.Repeat([]byte{'b'}, 64<<10) // 128 MB in all: far more than socket buffers hold
	t0 := time.Now()
	for i := 0; i < 2000; i++ {
		pub.Send([][]byte{[]byte("t"), []byte("data"), big})
	}
	if d := time.Since(t0); d > 30*time.Second {
		t.Fatalf("2000 sends took %v", d)
	}
	deadline := time.After(30 * time.Second)
	for {
		pub.Send(frames("t", "end"))
		select {
		case m := <-received:
			if m == "end" {
				return
			}
			continue
		case <-deadline:
			t.Fatal("the reading subscriber stopped receiving")
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// A subscriber that does not read holds at most QueueBytes of messages
// (large ones: the count of messages alone would let 100,000 of 1 MiB
// wait), and the one that reads still gets them all.
func TestQueueBytes(t *testing.T) {
	var mu sync.Mutex
	var logged []string
	pub := listen(t, Pub, Options{QueueBytes: 1 << 20, Log: func(s string) { mu.Lock(); logged = append(logged, s); mu.Unlock() }})
	slow := dialRaw(t, pub)
	slow.handshake("SUB")
	slow.write([]byte{0, 1, 1})
	good := dial(t, zmq4.NewSub(context.Background()), endpoint(pub))
	good.SetOption(zmq4.OptionSubscribe, "")
	subscribed(t, pub, good, "t")
	var received atomic.Int64
	go func() {
		for {
			m, err := good.Recv()
			if err != nil {
				return
			}
			if len(m.Frames) == 2 && len(m.Frames[1]) == 256<<10 {
				received.Add(1)
			}
		}
	}()
	big := bytes.Repeat([]byte{'b'}, 256<<10) // 128 MB in all: more than socket buffers hold
	most := int64(0)
	for i := range 512 {
		// The reader keeps up: at most 2 messages wait for it (3, while the
		// socket's writer has yet to count off one the reader has).
		for deadline := time.Now().Add(30 * time.Second); received.Load() < int64(i-1) && time.Now().Before(deadline); {
			time.Sleep(100 * time.Microsecond)
		}
		pub.Send([][]byte{[]byte("t"), big})
		pub.mu.Lock()
		for p := range pub.peers {
			p.qmu.Lock()
			most = max(most, p.queued)
			p.qmu.Unlock()
		}
		pub.mu.Unlock()
	}
	if most > 1<<20 {
		t.Fatalf("%d bytes waited for a peer, over the bound of 1 MiB", most)
	}
	deadline := time.Now().Add(30 * time.Second)
	for received.Load() < 512 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := received.Load(); n < 512 {
		t.Fatalf("the reading subscriber got %d messages of 512", n)
	}
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(strings.Join(logged, "\n"), "a subscriber does not read") {
		t.Fatalf("no drop logged: %q", logged)
	}
}

// Wait holds a sender to the pace of a subscriber that reads slowly, so
// that at most the limit (and the message being sent) waits for it, and it
// gets every message; a subscriber that does not read at all holds the
// sender up once, for the patience given, and then no more.
func TestWait(t *testing.T) {
	pub := listen(t, Pub, Options{})
	reader := dial(t, zmq4.NewSub(context.Background()), endpoint(pub))
	reader.SetOption(zmq4.OptionSubscribe, "")
	subscribed(t, pub, reader, "t")
	var received atomic.Int64
	go func() {
		for {
			m, err := reader.Recv()
			if err != nil {
				return
			}
			if len(m.Frames) == 2 && len(m.Frames[1]) == 1<<20 {
				received.Add(1)
				time.Sleep(20 * time.Millisecond) // a slow client
			}
		}
	}()
	big := bytes.Repeat([]byte{'b'}, 1<<20)
	queued := func() (most int64) {
		pub.mu.Lock()
		defer pub.mu.Unlock()
		for p := range pub.peers {
			p.qmu.Lock()
			most = max(most, p.queued)
			p.qmu.Unlock()
		}
		return most
	}
	most := int64(0)
	for range 100 { // 100 MiB: more than socket buffers hold
		pub.Wait(2<<20, 10*time.Second)
		pub.Send([][]byte{[]byte("t"), big})
		most = max(most, queued())
	}
	if most > 3<<20+1024 {
		t.Fatalf("%d bytes waited for the reader, over the limit of 2 MiB and a message", most)
	}
	for deadline := time.Now().Add(30 * time.Second); received.Load() < 100 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if n := received.Load(); n != 100 {
		t.Fatalf("the slow reader got %d messages of 100", n)
	}

	// A subscriber that reads nothing.
	stalled := dialRaw(t, pub)
	stalled.handshake("SUB")
	stalled.write([]byte{0, 1, 1})
	for deadline := time.Now().Add(20 * time.Second); ; {
		n := 0
		pub.mu.Lock()
		for p, ready := range pub.peers {
			if ready && p.subscribed([]byte("t")) {
				n++
			}
		}
		pub.mu.Unlock()
		if n == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the second subscription did not arrive")
		}
		time.Sleep(time.Millisecond)
	}
	t0 := time.Now()
	for range 100 {
		pub.Wait(2<<20, 300*time.Millisecond)
		pub.Send([][]byte{[]byte("t"), big})
	}
	if d := time.Since(t0); d < 300*time.Millisecond || d > 10*time.Second {
		t.Fatalf("100 sends past a subscriber that does not read took %v: it should hold them up once, for 0.3 s", d)
	}
}

// A connection's queue takes memory as messages wait, not its capacity
// from the start: 40 subscribers that read nothing, with the default queue
// of 100,000 messages, cost little (a channel of that capacity took 3.2 MB
// for each, which the garbage collector counted as live memory).
func TestIdlePeersCostLittle(t *testing.T) {
	pub := listen(t, Pub, Options{})
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range 40 {
		dialRaw(t, pub).handshake("SUB")
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); grew > 8<<20 {
		t.Fatalf("40 idle subscribers hold %d MB", grew>>20)
	}
}

// A second peer that claims an identity in use is refused; the first keeps
// its replies.
func TestDuplicateIdentity(t *testing.T) {
	s := listen(t, Router, Options{})
	roundTrip(t, s, "same")
	r := dialRaw(t, s)
	r.write(peerGreeting())
	r.write(command("READY", property(property(nil, "Socket-Type", "DEALER"), "Identity", "same")))
	if !r.closed() {
		t.Fatal("a second connection with the same identity was accepted")
	}
}

func TestIPC(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kernel-1")
	s, err := Listen(Rep, "ipc://"+path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := dial(t, zmq4.NewReq(context.Background()), "ipc://"+path)
	r.Send(zmq4.NewMsgString("ping"))
	s.Send(recv(t, s))
	if m, err := r.Recv(); err != nil || string(m.Frames[0]) != "ping" {
		t.Fatalf("%v %v", m, err)
	}
	s.Close()
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("the socket file is left: %v", err)
	}
}

// libzmq (through Debian's python3-zmq), the library jupyter_client uses:
// a DEALER, a SUB and a REQ against the three kinds.
func TestLibzmqPeers(t *testing.T) {
	py := "/usr/bin/python3"
	if err := exec.Command(py, "-c", "import zmq").Run(); err != nil {
		t.Skip("no python3-zmq: the kernel's conformance tests (make kernel-test) check libzmq through jupyter_client")
	}
	router, pub, rep := listen(t, Router, Options{}), listen(t, Pub, Options{}), listen(t, Rep, Options{})
	script := fmt.Sprintf(`
import zmq, sys
ctx = zmq.Context()
d = ctx.socket(zmq.DEALER); d.setsockopt(zmq.IDENTITY, b"py"); d.connect(%q)
s = ctx.socket(zmq.SUB); s.setsockopt(zmq.SUBSCRIBE, b"kernel."); s.connect(%q)
r = ctx.socket(zmq.REQ); r.connect(%q)
for x in (d, s, r): x.setsockopt(zmq.RCVTIMEO, 20000)
d.send_multipart([b"hello", b"x" * 70000])
assert d.recv_multipart() == [b"answer"]
r.send(b"ping"); assert r.recv() == b"ping"
assert s.recv_multipart() == [b"kernel.probe", b"probe"]
print("subscribed", flush=True)
m = s.recv_multipart()
while m[1] == b"probe": m = s.recv_multipart()
assert m == [b"kernel.status", b"after"], m
print("ok", flush=True)
`, endpoint(router), endpoint(pub), endpoint(rep))
	cmd := exec.Command(py, "-c", script)
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan string, 2)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	got := recv(t, router)
	if string(got[0]) != "py" || string(got[1]) != "hello" || len(got[2]) != 70000 {
		t.Fatalf("router got %q…", got[0])
	}
	router.Send(frames("py", "answer"))
	rep.Send(recv(t, rep))
	// The subscription arrives some time after the connection: probe on a
	// topic it matches (and on one it does not) until the script has one.
	for waiting := true; waiting; {
		pub.Send(frames("other.topic", "filtered out"))
		pub.Send(frames("kernel.probe", "probe"))
		select {
		case l := <-lines:
			if l != "subscribed" {
				t.Fatalf("libzmq peers: %q\n%s", l, errOut.String())
			}
			waiting = false
		case <-time.After(20 * time.Millisecond):
		}
	}
	pub.Send(frames("kernel.status", "after"))
	if l := <-lines; l != "ok" {
		cmd.Wait()
		t.Fatalf("libzmq peers: %q\n%s", l, errOut.String())
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("libzmq peers: %v\n%s", err, errOut.String())
	}
}

// OnSubscribe is called once a subscription is in place: a message sent
// from it reaches the new subscriber (a kernel's welcome status).
func TestOnSubscribe(t *testing.T) {
	var pub *Socket
	welcomed := make(chan struct{}, 4)
	pub = listen(t, Pub, Options{OnSubscribe: func(topic []byte) {
		if string(topic) != "kernel." {
			t.Errorf("OnSubscribe(%q), want the topic kernel.", topic)
		}
		pub.Send(frames("kernel.status", "welcome"))
		welcomed <- struct{}{}
	}})
	sub := dial(t, zmq4.NewSub(context.Background()), endpoint(pub))
	sub.SetOption(zmq4.OptionSubscribe, "kernel.")
	select {
	case <-welcomed:
	case <-time.After(20 * time.Second):
		t.Fatal("OnSubscribe was not called")
	}
	m, err := sub.Recv()
	if err != nil || string(m.Frames[1]) != "welcome" {
		t.Fatalf("%v %v", m, err)
	}
}
