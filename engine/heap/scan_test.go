package heap

import (
	"bytes"
	"math/bits"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"unsafe"
)

// kernelRef is the scanKernel contract computed one lane at a time: it
// returns the groups tested and the live slots, for values g (any width),
// forward start fa, backward ends ms[x] - fa (the pairs (fa+l, ms[x]-fa-l)
// of group 0), n groups of L lanes, and the values vals of the k slots.
func kernelRef(g []int64, fa int, ms []int, n, lanes int, vals []int64, k int, live uint32) (int, uint32) {
	for q := range n {
		a := fa + q*lanes
		var hit uint32
		for l := range lanes {
			for _, m := range ms {
				x := g[a+l] ^ g[m-a-l]
				for j := range k {
					if live>>j&1 == 1 && vals[j] == x {
						hit |= 1 << j
					}
				}
			}
		}
		if hit != 0 {
			live &^= hit
			if live == 0 || bits.OnesCount32(live) <= k/2 {
				return q + 1, live
			}
		}
	}
	return n, live
}

// Every vector kernel against kernelRef on random values of every width,
// with one split and with three, for every number of wanted values, and
// with dead slots holding copies of live ones.
func TestScanKernels(t *testing.T) {
	if kernels == nil {
		t.Skip("no vector kernels on this processor")
	}
	rng := rand.New(rand.NewPCG(26, 1))
	for wi, size := range []int{1, 2, 4} {
		lanes := 32 / size
		for ki := range 6 {
			k := 1 << ki
			for _, nsplit := range []int{1, 3} {
				for trial := range 300 {
					// Few distinct values, so that hits are frequent.
					top := int64(2 + rng.IntN(40))
					if trial%3 == 0 {
						top = int64(1) << (8 * size) // any value of the width
						if size == 4 {
							top = 1 << 31
						}
					}
					N := 4096
					g := make([]int64, N)
					for i := range g {
						g[i] = rng.Int64N(top)
					}
					// The pairs: forward from fa, backward from m = ms[0].
					fa := 1 + rng.IntN(100)
					n := 1 + rng.IntN(40)
					m := fa + n*lanes + lanes + 2*nsplit + rng.IntN(500)
					ms := []int{m}
					for x := 1; x < nsplit; x++ {
						ms = append(ms, m-x-rng.IntN(3)*x)
					}
					// k slots: distinct wanted values, some dead (copies).
					nv := 1 + rng.IntN(k)
					if k > 1 && nv <= k/2 {
						nv = k/2 + 1
					}
					seen := map[int64]bool{}
					var vals []int64
					for len(vals) < nv {
						v := rng.Int64N(top)
						if !seen[v] {
							seen[v] = true
							vals = append(vals, v)
						}
						if len(seen) == int(top) {
							break
						}
					}
					nv = len(vals)
					if k > 1 && nv <= k/2 {
						continue // too few distinct values for this kernel
					}
					live := uint32(1)<<nv - 1
					full := append([]int64(nil), vals...)
					for len(full) < k {
						full = append(full, vals[rng.IntN(nv)])
					}
					var w wantVecs
					v32 := make([]int32, k)
					for j := range k {
						v32[j] = int32(full[j])
					}
					wantVec(&w, v32, k, size)
					for j := range full {
						w.val[j] = uint32(full[j])
					}
					// The values as the kernel reads them.
					buf := make([]byte, N*size)
					for i, v := range g {
						for b := range size {
							buf[i*size+b] = byte(v >> (8 * b))
						}
					}
					d := make([]int, len(ms))
					for x := range ms {
						d[x] = (ms[0] - ms[x]) * size
					}
					multi := 0
					if nsplit > 1 {
						multi = 1
					}
					f := unsafe.Pointer(&buf[fa*size])
					b := unsafe.Pointer(&buf[(m-fa-lanes+1)*size])
					q, got := kernels[wi][ki][multi](f, b, n, &d[0], len(d), &w, live)
					wq, want := kernelRef(g, fa, ms, n, lanes, full, k, live)
					if q != wq || got != want {
						t.Fatalf("width %d, k %d, %d splits, trial %d: kernel (%d, %#x), reference (%d, %#x)",
							size, k, nsplit, trial, q, got, wq, want)
					}
					// Dead slots hold a live value, while the kernel may
					// go on with them.
					if bits.OnesCount32(got) > k/2 {
						liveVals := map[uint32]bool{}
						for j := range k {
							if got>>j&1 == 1 {
								liveVals[w.val[j]] = true
							}
						}
						for j := range k {
							if !liveVals[w.val[j]] {
								t.Fatalf("width %d, k %d: slot %d holds %d, not a live value", size, k, j, w.val[j])
							}
						}
					}
				}
			}
		}
	}
}

// The portable scans (no vector kernels) give the definition's values,
// as the vector ones do: every width, any mask, several splits.
func TestPortableScan(t *testing.T) {
	saved := kernels
	defer func() { kernels = saved }()
	for _, k := range []*[3][6][2]scanKernel{nil, saved} {
		kernels = k
		for _, name := range []string{"grundy", "0.77", "0.376", "0.16", "0.74", "4.07"} {
			r := ruleByName(t, name)
			want := naiveOf(t, r, 3000)
			for _, narrow := range [][2]int32{{}, {3, 9}, {0, 20}} {
				got, _ := sparseOf(t, r, 3000, runOpts{AnalyzeOptions: computeAll, narrow: narrow})
				if i := firstDiff(got, want); i >= 0 {
					t.Fatalf("%s (vector kernels %v), limits %v: g(%d) = %d, definition gives %d", name, k != nil, narrow, i, got[i], want[i])
				}
			}
		}
	}
}

// scan_amd64.s and scan_kernels_amd64.go are what gen_scan.go writes.
func TestScanAsmGenerated(t *testing.T) {
	if testing.Short() || runtime.GOARCH != "amd64" {
		t.Skip("runs the generator")
	}
	dir := t.TempDir()
	cmd := exec.Command("go", "run", "gen_scan.go", "-dir", dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gen_scan.go: %v\n%s", err, out)
	}
	for _, f := range []string{"scan_amd64.s", "scan_kernels_amd64.go"} {
		want, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what gen_scan.go writes: run go generate ./engine/heap", f)
		}
	}
}

// bitmapRef is the bitmapKernel contract one lane at a time.
func bitmapRef(g []int64, fa int, ms []int, n, lanes int, want map[int64]bool, stop int) (int, int) {
	left := len(want)
	for q := range n {
		a := fa + q*lanes
		hit := false
		for l := range lanes {
			for _, m := range ms {
				if x := g[a+l] ^ g[m-a-l]; want[x] {
					delete(want, x)
					left--
					hit = true
				}
			}
		}
		if hit && left <= stop {
			return q + 1, left
		}
	}
	return n, left
}

// The bitmap kernels against bitmapRef on random values, with one split
// and with three; 16-bit lanes above 255 are never wanted.
func TestBitmapKernels(t *testing.T) {
	if bitmaps == nil {
		t.Skip("no vector kernels on this processor")
	}
	rng := rand.New(rand.NewPCG(26, 2))
	for wi, size := range []int{1, 2} {
		lanes := 32 / size
		for _, nsplit := range []int{1, 3} {
			for trial := range 500 {
				top := int64(2 + rng.IntN(300))
				if size == 1 {
					top = min(top, 256)
				}
				N := 4096
				g := make([]int64, N)
				for i := range g {
					g[i] = rng.Int64N(top)
				}
				fa := 1 + rng.IntN(100)
				n := 1 + rng.IntN(40)
				m := fa + n*lanes + lanes + 2*nsplit + rng.IntN(500)
				ms := []int{m}
				for x := 1; x < nsplit; x++ {
					ms = append(ms, m-x-rng.IntN(3)*x)
				}
				want := map[int64]bool{}
				var bm [32]byte
				for range 1 + rng.IntN(60) {
					v := rng.Int64N(min(top, 256))
					if !want[v] {
						want[v] = true
						bm[v>>3] |= 1 << (v & 7)
					}
				}
				left, stop := len(want), rng.IntN(5)
				buf := make([]byte, N*size)
				for i, v := range g {
					for b := range size {
						buf[i*size+b] = byte(v >> (8 * b))
					}
				}
				d := make([]int, len(ms))
				for x := range ms {
					d[x] = (ms[0] - ms[x]) * size
				}
				multi := 0
				if nsplit > 1 {
					multi = 1
				}
				f := unsafe.Pointer(&buf[fa*size])
				b := unsafe.Pointer(&buf[(m-fa-lanes+1)*size])
				q, got := bitmaps[wi][multi](f, b, n, &d[0], len(d), &bm, left, stop)
				wq, wl := bitmapRef(g, fa, ms, n, lanes, want, stop)
				if q != wq || got != wl {
					t.Fatalf("width %d, %d splits, trial %d: kernel (%d, %d left), reference (%d, %d)", size, nsplit, trial, q, got, wq, wl)
				}
				for v := range 256 {
					if in := bm[v>>3]>>(v&7)&1 == 1; in != want[int64(v)] {
						t.Fatalf("width %d, %d splits, trial %d: value %d in the bitmap %v, wanted %v", size, nsplit, trial, v, in, want[int64(v)])
					}
				}
			}
		}
	}
}

// The byte copies of 16-bit values (the shadow) give the same values as
// the 16-bit scans and the portable ones: Grundy's game kept in 16 bits
// from the start (values below 256, the copies roll over past heap 65,536)
// against the run in bytes; .74, whose values pass 255 from heap 4,757 on,
// against the portable scans and the definition.
func TestShadow(t *testing.T) {
	if kernels == nil {
		t.Skip("no vector kernels on this processor")
	}
	n := 200_000
	if testing.Short() {
		n = 80_000
	}
	want, _ := sparseOf(t, GrundysGame(), n, runOpts{AnalyzeOptions: computeAll})
	got, _ := sparseOf(t, GrundysGame(), n, runOpts{AnalyzeOptions: computeAll, narrow: [2]int32{3, 0}})
	if i := firstDiff(got, want); i >= 0 {
		t.Fatalf("grundy in 16 bits: g(%d) = %d, in bytes %d", i, got[i], want[i])
	}
	r := mustOctal(t, "0.74")
	if i := firstDiff(sparseOf74(t, r, 12_000), naiveOf(t, r, 12_000)); i >= 0 {
		t.Fatalf(".74: g(%d) differs from the definition", i)
	}
	fast := sparseOf74(t, r, 80_000)
	saved := kernels
	kernels = nil
	defer func() { kernels = saved }()
	if i := firstDiff(fast, sparseOf74(t, r, 80_000)); i >= 0 {
		t.Fatalf(".74: g(%d) = %d with the vector scans, %d with the portable ones", i, fast[i], sparseOf74(t, r, 80_000)[i])
	}
}

func sparseOf74(t *testing.T, r *Rule, n int) []int32 {
	g, _ := sparseOf(t, r, n, runOpts{AnalyzeOptions: computeAll})
	return g
}
