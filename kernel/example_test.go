package kernel_test

import (
	"fmt"

	"github.com/coevolab/coevo/kernel"
)

// ParseConnection checks a connection file field by field; coevo kernel
// run exits with status 2 and this message when one is wrong.
func ExampleParseConnection() {
	_, err := kernel.ParseConnection([]byte(`{"transport": "tcp", "ip": "127.0.0.1", "key": "k",
		"shell_port": 70000, "iopub_port": 5002, "stdin_port": 5003, "control_port": 5004, "hb_port": 5005}`))
	fmt.Println(err)
	_, err = kernel.ParseConnection([]byte(`{"ip": "127.0.0.1",
		"shell_port": 5001, "iopub_port": 5002, "stdin_port": 5003, "control_port": 5004, "hb_port": 5001}`))
	fmt.Println(err)
	// Output:
	// shell_port 70000: not a port (1-65535)
	// hb_port 5001: the same port as shell_port
}
