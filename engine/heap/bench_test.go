package heap

import "testing"

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
