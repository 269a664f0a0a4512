package kernel

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
)

// Connection is a Jupyter connection file.
type Connection struct {
	Transport       string `json:"transport"`
	IP              string `json:"ip"`
	ShellPort       int    `json:"shell_port"`
	IOPubPort       int    `json:"iopub_port"`
	StdinPort       int    `json:"stdin_port"`
	ControlPort     int    `json:"control_port"`
	HBPort          int    `json:"hb_port"`
	Key             string `json:"key"`
	SignatureScheme string `json:"signature_scheme"`
}

// maxConnectionFile bounds what ReadConnection reads: a connection file
// is a few hundred bytes.
const maxConnectionFile = 1 << 20

// ReadConnection reads and checks a connection file; its errors name the
// file and the field.
func ReadConnection(path string) (Connection, error) {
	f, err := os.Open(path)
	if err != nil {
		return Connection{}, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return Connection{}, fmt.Errorf("connection file %s: a directory", path)
	}
	b, err := io.ReadAll(io.LimitReader(f, maxConnectionFile+1))
	if err != nil {
		return Connection{}, fmt.Errorf("connection file %s: %w", path, err)
	}
	if len(b) > maxConnectionFile {
		return Connection{}, fmt.Errorf("connection file %s: larger than %d bytes", path, maxConnectionFile)
	}
	c, err := ParseConnection(b)
	if err != nil {
		return c, fmt.Errorf("connection file %s: %w", path, err)
	}
	return c, nil
}

// ParseConnection decodes and checks a connection file's contents (a
// leading UTF-8 byte order mark skipped): the transport is tcp (ip an IP address, "*" or "localhost") or ipc; the five
// ports are distinct and, for tcp, in 1-65535; the signature scheme is
// hmac-sha256 (or absent).
func ParseConnection(b []byte) (Connection, error) {
	var c Connection
	// A UTF-8 byte order mark (an editor on Windows saves one) is no
	// part of the JSON.
	b = bytes.TrimPrefix(b, []byte("\ufeff"))
	if err := json.Unmarshal(b, &c); err != nil {
		return c, fmt.Errorf("not a JSON connection file: %w", err)
	}
	if c.SignatureScheme != "" && c.SignatureScheme != "hmac-sha256" {
		return c, fmt.Errorf("signature_scheme %q is not supported (hmac-sha256 is)", c.SignatureScheme)
	}
	if c.Transport == "" {
		c.Transport = "tcp"
	}
	switch c.Transport {
	case "tcp":
		if c.IP != "*" && c.IP != "localhost" && net.ParseIP(c.IP) == nil {
			return c, fmt.Errorf("ip %q: not an IP address", c.IP)
		}
	case "ipc":
		if c.IP == "" {
			return c, fmt.Errorf("ip: empty (for ipc, the socket files' path prefix)")
		}
	default:
		return c, fmt.Errorf("transport %q: want tcp or ipc", c.Transport)
	}
	seen := map[int]string{}
	for _, p := range c.ports() {
		if p.port < 0 || p.port > 65535 || c.Transport == "tcp" && p.port == 0 {
			return c, fmt.Errorf("%s %d: not a port (1-65535)", p.name, p.port)
		}
		if other, dup := seen[p.port]; dup {
			return c, fmt.Errorf("%s %d: the same port as %s", p.name, p.port, other)
		}
		seen[p.port] = p.name
	}
	return c, nil
}

type namedPort struct {
	name string
	port int
}

func (c Connection) ports() []namedPort {
	return []namedPort{{"shell_port", c.ShellPort}, {"iopub_port", c.IOPubPort}, {"stdin_port", c.StdinPort}, {"control_port", c.ControlPort}, {"hb_port", c.HBPort}}
}

func (c Connection) addr(port int) string {
	if c.Transport == "ipc" {
		return fmt.Sprintf("ipc://%s-%d", c.IP, port)
	}
	return fmt.Sprintf("%s://%s:%d", c.Transport, c.IP, port)
}
