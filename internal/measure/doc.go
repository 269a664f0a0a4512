// Package measure reads what the benchmarks under bench/ report besides
// wall time, since other work may share the machine: the process's and the
// calling thread's CPU time, the load average, and the peak resident set
// size of a task. It reads Linux's /proc and clocks; elsewhere the figures
// it cannot read are reported as unknown.
package measure
