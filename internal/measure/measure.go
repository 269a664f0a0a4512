package measure

import (
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// CPUTime is the process's user and system CPU time so far, in seconds.
func CPUTime() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// ThreadCPUTime is the calling thread's CPU time so far, in seconds, from
// clock_gettime(CLOCK_THREAD_CPUTIME_ID), or the process's where that
// clock cannot be read. Lock the goroutine to its thread while measuring.
func ThreadCPUTime() float64 {
	const clockThreadCPUTime = 3
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return CPUTime()
	}
	return time.Duration(ts.Nano()).Seconds()
}

// LoadAverage is the 1-minute load average, or "?".
func LoadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
}

// ResetPeakRSS returns freed memory to the system and resets the process's
// peak resident set size, so that the next PeakRSS is the next task's.
func ResetPeakRSS() {
	debug.FreeOSMemory()
	os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
}

// PeakRSS is the peak resident set size since ResetPeakRSS, e.g. "845 MB",
// or "?".
func PeakRSS() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "?"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) == 3 && f[0] == "VmHWM:" {
			kb, _ := strconv.Atoi(f[1])
			return fmt.Sprintf("%.0f MB", float64(kb)/1024)
		}
	}
	return "?"
}
