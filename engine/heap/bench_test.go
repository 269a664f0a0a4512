package heap

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

func BenchmarkKaylesSparse1e5(b *testing.B) {
	for range b.N {
		Kayles().Sequence(100_000)
	}
}

func BenchmarkKaylesNaive1e4(b *testing.B) {
	for range b.N {
		Kayles().NaiveSequence(10_000)
	}
}

func BenchmarkGrundySparse1e5(b *testing.B) {
	for range b.N {
		GrundysGame().Sequence(100_000)
	}
}

// .74's values take 2 bytes from heap 4,757 on.
func BenchmarkOctal74Sparse3e4(b *testing.B) {
	r, err := Octal("0.74")
	if err != nil {
		b.Fatal(err)
	}
	for range b.N {
		r.Sequence(30_000)
	}
}

// The eight-heap fills of 16-bit values: the 513-mark tables for values
// below 512 against the interleaved ones, on random values below 300
// and one rare heap in 65 (about Grundy's game's density past 2^23).
func BenchmarkFillLanes(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	g := make([]uint16, 1<<20)
	for i := range g {
		g[i] = uint16(rng.IntN(300))
	}
	var rare []rareHeap
	for a := 8; a < 80_000; a++ {
		if rng.IntN(65) == 0 {
			rare = append(rare, rareHeap{int32(a), int32(rng.IntN(256))})
		}
	}
	end := unsafe.Pointer(&g[len(g)-16])
	b.Run("nine", func(b *testing.B) {
		blk := new([8][513]uint32)
		for i := range b.N {
			fillLanes9(blk, uint32(i), end, rare)
		}
	})
	b.Run("interleaved", func(b *testing.B) {
		blk := make([]uint32, 8*513)
		for i := range b.N {
			fillLanes16(blk, uint32(i), end, rare)
		}
	})
}
