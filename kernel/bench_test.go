package kernel_test

import "testing"

// BenchmarkTrivialCell is the round trip of "1 + 1" over ZeroMQ, through
// the kernel process and its worker.
func BenchmarkTrivialCell(b *testing.B) {
	c := start(b)
	c.execute("1 + 1")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if r := c.execute("1 + 1"); r.data("execute_result", "text/plain") != "2" {
			b.Fatalf("%v", r.reply)
		}
	}
}
