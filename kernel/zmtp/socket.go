package zmtp

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Kind is a socket type.
type Kind int

// The socket types a Jupyter kernel binds.
const (
	Router Kind = iota + 1 // shell, control, stdin
	Pub                    // iopub
	Rep                    // heartbeat
)

func (k Kind) String() string {
	switch k {
	case Router:
		return "ROUTER"
	case Pub:
		return "PUB"
	case Rep:
		return "REP"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// peersOf are the peer socket types each kind accepts (RFC 23).
var peersOf = map[Kind][]string{Router: {"DEALER", "REQ", "ROUTER"}, Pub: {"SUB", "XSUB"}, Rep: {"REQ", "DEALER"}}

// Defaults of Options.
const (
	DefaultQueue            = 100000
	DefaultQueueBytes       = 256 << 20
	DefaultHandshakeTimeout = 10 * time.Second
	DefaultMaxPeers         = 1024
)

// maxSubscriptions bounds the bytes of one PUB peer's subscriptions.
const maxSubscriptions = 64 << 10

// Options configure a socket; the zero value is the defaults.
type Options struct {
	// MaxMessage bounds an incoming message: its frames' sizes plus
	// FrameOverhead each (0: DefaultMaxMessage). A peer that sends a
	// larger one is disconnected.
	MaxMessage int64
	// Queue is how many messages may wait for a peer that does not read
	// before more are dropped (0: DefaultQueue).
	Queue int
	// QueueBytes bounds the bytes of the messages waiting for a peer, as
	// Queue bounds their number (0: DefaultQueueBytes); a message alone in
	// the queue may be larger.
	QueueBytes int64
	// HandshakeTimeout bounds a new connection's greeting and READY
	// (0: DefaultHandshakeTimeout).
	HandshakeTimeout time.Duration
	// MaxPeers bounds the connections at once (0: DefaultMaxPeers); one
	// more is closed at once.
	MaxPeers int
	// Name names the socket in log lines ("shell").
	Name string
	// Log, if not nil, receives a line for each peer disconnected for a
	// breach of the protocol or a limit (at most 20 a minute).
	Log func(string)
	// OnSubscribe, if not nil, is called with the topic when a PUB
	// socket's peer adds a subscription, once it is in place: a kernel
	// publishes JEP 65's iopub_welcome and its status then, so that a
	// client that subscribed after the kernel last spoke learns that iopub
	// works.
	OnSubscribe func(topic []byte)
}

// Errors of Send and Recv.
var (
	ErrClosed    = errors.New("zmtp: socket closed")
	ErrNoPeer    = errors.New("zmtp: no peer with that identity (it disconnected)")
	ErrQueueFull = errors.New("zmtp: the peer does not read: its queue is full and the message was dropped")
	ErrNoRequest = errors.New("zmtp: no request to reply to")
	ErrNoRecv    = errors.New("zmtp: a PUB socket receives no messages")
)

// A Socket is a listening ZMTP socket and its peers. Its methods are safe
// for concurrent use, except that a REP socket's Recv and Send alternate.
type Socket struct {
	kind Kind
	opts Options
	ln   net.Listener
	path string // an IPC socket's file, removed by Close
	in   chan inbound

	closed    chan struct{}
	closeOnce sync.Once

	mu     sync.Mutex
	peers  map[*peer]bool // true once the handshake is done
	byID   map[string]*peer
	nextID uint32
	reply  *inbound // REP: the request Send answers

	logMu     sync.Mutex
	logWindow time.Time
	logCount  int
}

type inbound struct {
	p        *peer
	envelope [][]byte // REP: the request's routing envelope, delimiter included
	frames   [][]byte
}

// Listen binds a socket of kind to endpoint ("tcp://127.0.0.1:5555",
// "tcp://*:5555", "ipc:///run/kernel-1") and accepts peers.
func Listen(kind Kind, endpoint string, opts Options) (*Socket, error) {
	if _, ok := peersOf[kind]; !ok {
		return nil, fmt.Errorf("zmtp: unknown socket kind %v", kind)
	}
	transport, addr, ok := strings.Cut(endpoint, "://")
	if !ok {
		return nil, fmt.Errorf("zmtp: endpoint %q: want tcp://HOST:PORT or ipc://PATH", endpoint)
	}
	var ln net.Listener
	var err error
	path := ""
	switch transport {
	case "tcp":
		if host, port, e := net.SplitHostPort(addr); e == nil && host == "*" {
			addr = net.JoinHostPort("", port)
		}
		ln, err = net.Listen("tcp", addr)
	case "ipc":
		// As libzmq does, a socket file left by an earlier process is
		// replaced; any other file is not.
		if fi, e := os.Lstat(addr); e == nil && fi.Mode()&os.ModeSocket != 0 {
			os.Remove(addr)
		}
		ln, err = net.Listen("unix", addr)
		path = addr
	default:
		return nil, fmt.Errorf("zmtp: endpoint %q: transport %q (want tcp or ipc)", endpoint, transport)
	}
	if err != nil {
		return nil, fmt.Errorf("zmtp: %w", err)
	}
	s, err := Serve(kind, ln, opts)
	if s != nil {
		s.path = path
	}
	return s, err
}

// Serve makes a socket of kind that accepts peers on ln, a listener bound
// already (one a parent process bound and passed on, say); Close closes
// it.
func Serve(kind Kind, ln net.Listener, opts Options) (*Socket, error) {
	if _, ok := peersOf[kind]; !ok {
		return nil, fmt.Errorf("zmtp: unknown socket kind %v", kind)
	}
	if opts.MaxMessage <= 0 {
		opts.MaxMessage = DefaultMaxMessage
	}
	if opts.Queue <= 0 {
		opts.Queue = DefaultQueue
	}
	if opts.QueueBytes <= 0 {
		opts.QueueBytes = DefaultQueueBytes
	}
	if opts.HandshakeTimeout <= 0 {
		opts.HandshakeTimeout = DefaultHandshakeTimeout
	}
	if opts.MaxPeers <= 0 {
		opts.MaxPeers = DefaultMaxPeers
	}
	if opts.Name == "" {
		opts.Name = strings.ToLower(kind.String())
	}
	s := &Socket{kind: kind, opts: opts, ln: ln, in: make(chan inbound, 64), closed: make(chan struct{}),
		peers: map[*peer]bool{}, byID: map[string]*peer{}}
	var id [4]byte
	rand.Read(id[:])
	s.nextID = binary.BigEndian.Uint32(id[:])
	go s.accept()
	return s, nil
}

// Addr is the address the socket listens on.
func (s *Socket) Addr() net.Addr { return s.ln.Addr() }

// Close closes the socket and its connections.
func (s *Socket) Close() error {
	s.closeOnce.Do(func() {
		close(s.closed)
		s.ln.Close()
		s.mu.Lock()
		peers := make([]*peer, 0, len(s.peers))
		for p := range s.peers {
			peers = append(peers, p)
		}
		s.mu.Unlock()
		for _, p := range peers {
			p.close()
		}
		if s.path != "" {
			os.Remove(s.path)
		}
	})
	return nil
}

// Recv returns the next message from any peer: for ROUTER, the peer's
// identity first; for REP, the request without its envelope, which the
// next Send answers.
func (s *Socket) Recv() ([][]byte, error) {
	if s.kind == Pub {
		return nil, ErrNoRecv
	}
	select {
	case m := <-s.in:
		if s.kind == Rep {
			s.mu.Lock()
			s.reply = &m
			s.mu.Unlock()
		}
		return m.frames, nil
	case <-s.closed:
		return nil, ErrClosed
	}
}

// Send queues a message: for ROUTER, frames[0] is the identity of the
// peer to send the rest to; for PUB, it goes to every peer subscribed to a
// prefix of frames[0]; for REP, it answers the request Recv returned. The
// frames must not be changed afterwards. Sending to a peer whose queue is
// full drops the message: ErrQueueFull for ROUTER and REP; for PUB the
// peer just misses it, as with libzmq.
func (s *Socket) Send(frames [][]byte) error {
	select {
	case <-s.closed:
		return ErrClosed
	default:
	}
	switch s.kind {
	case Router:
		if len(frames) < 2 {
			return errors.New("zmtp: a ROUTER message needs an identity and a frame")
		}
		s.mu.Lock()
		p := s.byID[string(frames[0])]
		s.mu.Unlock()
		if p == nil {
			return ErrNoPeer
		}
		return p.enqueue(outMsg{frames: frames[1:]})
	case Rep:
		s.mu.Lock()
		r := s.reply
		s.reply = nil
		s.mu.Unlock()
		if r == nil {
			return ErrNoRequest
		}
		return r.p.enqueue(outMsg{frames: append(append([][]byte(nil), r.envelope...), frames...)})
	case Pub:
		if len(frames) == 0 {
			return errors.New("zmtp: an empty message")
		}
		s.mu.Lock()
		peers := make([]*peer, 0, len(s.peers))
		for p, ready := range s.peers {
			if ready {
				peers = append(peers, p)
			}
		}
		s.mu.Unlock()
		for _, p := range peers {
			if p.subscribed(frames[0]) {
				if err := p.enqueue(outMsg{frames: frames}); err == ErrQueueFull && p.firstDrop() {
					s.logf("%s: a subscriber does not read: messages to it are dropped", p.remote)
				}
			}
		}
		return nil
	}
	return nil
}

// Wait waits while a peer has more than limit bytes of messages waiting
// for it, so that a sender that keeps sending (a cell's output) goes at
// the pace of the peers that read, and the messages waiting do not pile up
// in memory. It waits for each peer at most patience: a peer still behind
// then (it does not read) is not waited for again until it has caught up,
// and loses messages past its queue's bounds, as with Send alone.
func (s *Socket) Wait(limit int64, patience time.Duration) {
	s.mu.Lock()
	peers := make([]*peer, 0, len(s.peers))
	for p, ready := range s.peers {
		if ready {
			peers = append(peers, p)
		}
	}
	s.mu.Unlock()
	for _, p := range peers {
		p.waitBelow(limit, patience)
	}
}

func (p *peer) waitBelow(limit int64, patience time.Duration) {
	var timeout, poll <-chan time.Time
	for {
		p.qmu.Lock()
		over := p.queued > limit && !p.behind
		p.qmu.Unlock()
		if !over {
			return
		}
		if timeout == nil {
			t := time.NewTimer(patience)
			defer t.Stop()
			// Another sender waiting for the same peer may take the
			// signal of a write: look again now and then.
			tick := time.NewTicker(5 * time.Millisecond)
			defer tick.Stop()
			timeout, poll = t.C, tick.C
		}
		select {
		case <-p.written:
		case <-poll:
		case <-p.done:
			return
		case <-timeout:
			p.qmu.Lock()
			p.behind = true
			p.qmu.Unlock()
			return
		}
	}
}

// logf logs a line about the socket, at most 20 a minute.
func (s *Socket) logf(format string, args ...any) {
	if s.opts.Log == nil {
		return
	}
	s.logMu.Lock()
	now := time.Now()
	if now.Sub(s.logWindow) > time.Minute {
		if s.logCount > 20 {
			s.opts.Log(fmt.Sprintf("zmtp %s: %d more lines in the last minute not logged", s.opts.Name, s.logCount-20))
		}
		s.logWindow, s.logCount = now, 0
	}
	s.logCount++
	n := s.logCount
	s.logMu.Unlock()
	if n <= 20 {
		s.opts.Log(fmt.Sprintf("zmtp %s: "+format, append([]any{s.opts.Name}, args...)...))
	}
}

func (s *Socket) accept() {
	delay := 5 * time.Millisecond
	for {
		c, err := s.ln.Accept()
		if err != nil {
			select {
			case <-s.closed:
				return
			default:
			}
			// Out of descriptors, say: wait, rather than spin.
			time.Sleep(delay)
			delay = min(2*delay, time.Second)
			continue
		}
		delay = 5 * time.Millisecond
		p := &peer{s: s, conn: c, remote: c.RemoteAddr().String(), wake: make(chan struct{}, 1), written: make(chan struct{}, 1), done: make(chan struct{})}
		if p.remote == "" || p.remote == "@" {
			p.remote = "a local peer"
		}
		s.mu.Lock()
		full := len(s.peers) >= s.opts.MaxPeers
		if !full {
			s.peers[p] = false
		}
		s.mu.Unlock()
		if full {
			s.logf("%s: refused, %d connections are open already", p.remote, s.opts.MaxPeers)
			c.Close()
			continue
		}
		go p.serve()
	}
}

type outMsg struct {
	frames  [][]byte
	command bool // one frame, a command
}

// size is the bytes of m's frames, each counted FrameOverhead more.
func (m outMsg) size() int64 {
	n := int64(0)
	for _, f := range m.frames {
		n += int64(len(f)) + FrameOverhead
	}
	return n
}

// A peer is one connection.
type peer struct {
	s      *Socket
	conn   net.Conn
	remote string
	id     string // ROUTER: its identity
	done   chan struct{}
	once   sync.Once

	// The messages waiting to be written, oldest first, at most
	// Options.Queue: a slice that grows with what waits, rather than a
	// channel of that capacity, whose buffer (32 bytes a message, 3.2 MB a
	// peer by default) every connection would hold from its start, and
	// which the garbage collector counts as live memory, letting the
	// process grow by as much garbage before it collects.
	qmu     sync.Mutex
	queue   []outMsg
	queued  int64         // bytes of the messages waiting, the one being written included
	wake    chan struct{} // (capacity 1) the writer has messages to write
	written chan struct{} // (capacity 1) the writer has written a message
	behind  bool          // Wait gave up on it; until its queue empties, it waits for nobody

	mu      sync.Mutex
	subs    map[string]int // PUB: subscriptions, counted
	subSize int
	dropped bool
}

func (p *peer) close() {
	p.once.Do(func() {
		close(p.done)
		p.conn.Close()
		s := p.s
		s.mu.Lock()
		delete(s.peers, p)
		if p.id != "" && s.byID[p.id] == p {
			delete(s.byID, p.id)
		}
		s.mu.Unlock()
	})
}

func (p *peer) enqueue(m outMsg) error {
	select {
	case <-p.done:
		return ErrNoPeer
	default:
	}
	size := m.size()
	p.qmu.Lock()
	if len(p.queue) >= p.s.opts.Queue || p.queued > 0 && p.queued+size > p.s.opts.QueueBytes {
		p.qmu.Unlock()
		return ErrQueueFull
	}
	p.queue = append(p.queue, m)
	p.queued += size
	p.qmu.Unlock()
	select {
	case p.wake <- struct{}{}:
	default: // the writer is woken already
	}
	return nil
}

func (p *peer) firstDrop() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	first := !p.dropped
	p.dropped = true
	return first
}

// serve runs a connection: the handshake, then its reader (here) and its
// writer (another goroutine) until either ends.
func (p *peer) serve() {
	defer p.close()
	defer func() {
		// The parser is fuzzed; this is for what no test thought of.
		if r := recover(); r != nil {
			p.s.logf("%s: internal error, connection closed: %v (please report it)", p.remote, r)
		}
	}()
	r := NewReader(p.conn, p.s.opts.MaxMessage)
	if err := p.handshake(r); err != nil {
		p.drop(err, "handshake")
		return
	}
	go p.write()
	for {
		m, err := r.Read()
		if err != nil {
			p.drop(err, "")
			return
		}
		if m.Command != "" {
			if err := p.command(m); err != nil {
				p.drop(err, "")
				return
			}
			continue
		}
		if !p.deliver(m.Frames) {
			return
		}
	}
}

// drop logs why a connection ends, unless it just closed.
func (p *peer) drop(err error, during string) {
	select {
	case <-p.done:
		return
	default:
	}
	var pe *ProtocolError
	switch {
	case errors.As(err, &pe):
	case errors.Is(err, io.EOF) || errors.Is(err, net.ErrClosed) || errors.Is(err, errClosedPeer) ||
		errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNRESET):
		return // a peer that left
	case during == "":
		if errors.Is(err, io.ErrUnexpectedEOF) {
			p.s.logf("%s: the connection ended inside a message", p.remote)
		}
		return
	}
	if during != "" {
		p.s.logf("%s: %s failed, connection closed: %v", p.remote, during, err)
		return
	}
	p.s.logf("%s: connection closed: %v", p.remote, err)
}

// greeting is the socket's side of the greeting: ZMTP 3.1, NULL, not a
// server (NULL has no roles).
func greeting() []byte {
	g := make([]byte, greetingSize)
	g[0], g[9], g[10], g[11] = 0xff, 0x7f, 3, 1
	copy(g[12:32], "NULL")
	return g
}

func (p *peer) handshake(r *Reader) error {
	s := p.s
	p.conn.SetDeadline(time.Now().Add(s.opts.HandshakeTimeout))
	if _, err := p.conn.Write(greeting()); err != nil {
		return err
	}
	g, err := r.ReadGreeting()
	if err != nil {
		return timeoutSays(err, "no ZMTP greeting")
	}
	if g.Mechanism != "NULL" {
		p.conn.Write(command("ERROR", append([]byte{byte(len("NULL security only"))}, "NULL security only"...)))
		return protocolErr("security mechanism %q (this kernel speaks NULL, the connection file's key signs the messages)", g.Mechanism)
	}
	meta := property(nil, "Socket-Type", s.kind.String())
	if _, err := p.conn.Write(command("READY", meta)); err != nil {
		return err
	}
	m, err := r.Read()
	if err != nil {
		return timeoutSays(err, "no READY command")
	}
	switch m.Command {
	case "READY":
	case "ERROR":
		return protocolErr("the peer sent ERROR %q", errorReason(m.Data))
	default:
		return protocolErr("%q where READY was due", m.Command)
	}
	props, err := ParseMetadata(m.Data)
	if err != nil {
		return err
	}
	typ := props["socket-type"]
	if !contains(peersOf[s.kind], typ) {
		return protocolErr("a %q peer cannot talk to a %s socket", typ, s.kind)
	}
	id := props["identity"]
	if len(id) > 255 {
		return protocolErr("an identity of %d bytes (255 at most)", len(id))
	}
	p.conn.SetDeadline(time.Time{})
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, open := s.peers[p]; !open {
		return errClosedPeer
	}
	if s.kind == Router {
		// As libzmq: a peer names itself, or gets a name that starts with
		// a zero byte; a name in use is refused.
		if id == "" || id[0] == 0 {
			s.nextID++
			var b [5]byte
			binary.BigEndian.PutUint32(b[1:], s.nextID)
			id = string(b[:])
		} else if _, dup := s.byID[id]; dup {
			return protocolErr("identity %q is in use by another connection", id)
		}
		p.id = id
		s.byID[id] = p
	}
	s.peers[p] = true
	return nil
}

func timeoutSays(err error, what string) error {
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return protocolErr("%s within the handshake timeout", what)
	}
	return err
}

func errorReason(data []byte) string {
	if len(data) == 0 || int(data[0]) > len(data)-1 {
		return ""
	}
	return string(data[1 : 1+int(data[0])])
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// deliver passes a message to Recv (ROUTER, REP) or reads it as a
// subscription (PUB); false when the socket closed.
func (p *peer) deliver(frames [][]byte) bool {
	var m inbound
	switch p.s.kind {
	case Pub:
		// ZMTP 3.0's subscriptions: one frame, 1 or 0 and the topic.
		if len(frames) == 1 && len(frames[0]) > 0 && frames[0][0] <= 1 {
			p.subscribe(frames[0][0] == 1, frames[0][1:])
		}
		return true
	case Router:
		m = inbound{p: p, frames: append([][]byte{[]byte(p.id)}, frames...)}
	case Rep:
		i := 0
		for i < len(frames) && len(frames[i]) > 0 {
			i++
		}
		if i == len(frames) {
			p.s.logf("%s: a request without an envelope delimiter, dropped", p.remote)
			return true
		}
		m = inbound{p: p, envelope: frames[:i+1], frames: frames[i+1:]}
	}
	select {
	case p.s.in <- m:
		return true
	case <-p.done:
		return false
	case <-p.s.closed:
		return false
	}
}

func (p *peer) command(m Message) error {
	switch m.Command {
	case "PING": // ZMTP 3.1: a TTL (2 octets) and a context of up to 16
		if len(m.Data) < 2 || len(m.Data) > 18 {
			return protocolErr("PING of %d bytes", len(m.Data))
		}
		p.enqueue(outMsg{frames: [][]byte{commandBody("PONG", m.Data[2:])}, command: true})
	case "SUBSCRIBE", "CANCEL": // ZMTP 3.1's subscriptions
		if p.s.kind == Pub {
			p.subscribe(m.Command == "SUBSCRIBE", m.Data)
		}
	case "ERROR":
		return protocolErr("the peer sent ERROR %q", errorReason(m.Data))
	case "READY":
		return protocolErr("a second READY")
	}
	return nil
}

func (p *peer) subscribe(on bool, topic []byte) {
	if p.addSubscription(on, topic) && p.s.opts.OnSubscribe != nil {
		p.s.opts.OnSubscribe(topic)
	}
}

// addSubscription adds or cancels one; true if it added one.
func (p *peer) addSubscription(on bool, topic []byte) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.subs == nil {
		p.subs = map[string]int{}
	}
	t := string(topic)
	switch {
	case on && p.subs[t] > 0:
		p.subs[t]++
		return true
	case on:
		if p.subSize+len(t) > maxSubscriptions {
			p.s.logf("%s: more than %d bytes of subscriptions: one ignored", p.remote, maxSubscriptions)
			return false
		}
		p.subs[t] = 1
		p.subSize += len(t)
		return true
	case p.subs[t] > 1:
		p.subs[t]--
	case p.subs[t] == 1:
		delete(p.subs, t)
		p.subSize -= len(t)
	}
	return false
}

func (p *peer) subscribed(topic []byte) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for t := range p.subs {
		if len(t) <= len(topic) && string(topic[:len(t)]) == t {
			return true
		}
	}
	return false
}

// write sends the queued messages until the connection ends.
func (p *peer) write() {
	defer p.close()
	w := bufio.NewWriterSize(p.conn, 64<<10)
	var batch []outMsg
	for {
		select {
		case <-p.wake:
		case <-p.done:
			return
		}
		for {
			// Take what waits, and give the queue the emptied slice of the
			// last batch to fill.
			p.qmu.Lock()
			batch, p.queue = p.queue, batch[:0]
			p.qmu.Unlock()
			if len(batch) == 0 {
				break
			}
			for i, m := range batch {
				if err := writeMessage(w, m); err != nil {
					return
				}
				batch[i] = outMsg{} // its frames can be collected
				p.qmu.Lock()
				p.queued -= m.size()
				if p.queued == 0 {
					p.behind = false
				}
				p.qmu.Unlock()
				select {
				case p.written <- struct{}{}:
				default:
				}
			}
			if cap(batch) > 1024 {
				batch = nil // a burst is over: let its slice go
			}
		}
		if err := w.Flush(); err != nil {
			return
		}
	}
}

func writeMessage(w *bufio.Writer, m outMsg) error {
	if len(m.frames) == 0 {
		return nil
	}
	for i, f := range m.frames {
		var flags byte
		if m.command {
			flags |= flagCommand
		} else if i < len(m.frames)-1 {
			flags |= flagMore
		}
		if err := writeFrame(w, flags, f); err != nil {
			return err
		}
	}
	return nil
}

func writeFrame(w io.Writer, flags byte, body []byte) error {
	var hdr [9]byte
	n := 2
	if len(body) > 255 {
		hdr[0] = flags | flagLong
		binary.BigEndian.PutUint64(hdr[1:], uint64(len(body)))
		n = 9
	} else {
		hdr[0] = flags
		hdr[1] = byte(len(body))
	}
	if _, err := w.Write(hdr[:n]); err != nil {
		return err
	}
	_, err := w.Write(body)
	return err
}

// commandBody is a command frame's contents: the name and the data.
func commandBody(name string, data []byte) []byte {
	return append(append([]byte{byte(len(name))}, name...), data...)
}

// command is a whole command frame, header included.
func command(name string, data []byte) []byte {
	var b bytes.Buffer
	writeFrame(&b, flagCommand, commandBody(name, data))
	return b.Bytes()
}

// property appends a metadata property.
func property(b []byte, name, value string) []byte {
	b = append(b, byte(len(name)))
	b = append(b, name...)
	b = binary.BigEndian.AppendUint32(b, uint32(len(value)))
	return append(b, value...)
}
