//go:build amd64 && !purego

package heap

import "golang.org/x/sys/cpu"

//go:generate go run gen_scan.go

func init() {
	if cpu.X86.HasAVX2 {
		kernels = &avx2Kernels
		bitmaps = &avx2Bitmaps
	}
}
