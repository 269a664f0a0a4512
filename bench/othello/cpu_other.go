//go:build !unix

package main

// cpuSeconds is not measured here; CPU figures print as 0.
func cpuSeconds() float64 { return 0 }
