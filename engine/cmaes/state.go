package cmaes

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"math/rand/v2"
	"slices"
)

// stateVersion grows whenever the saved state's layout or the meaning of
// its fields changes.
const stateVersion = 1

// state is everything a CMA is, for MarshalBinary.
type state struct {
	Version  int
	Params   Params
	Mean     []float64
	Sigma    float64
	C, B, D  []float64
	PS, PC   []float64
	Gen      int
	Eigen    int
	Rand     []byte      // the PCG's state
	Asked    [][]float64 // pending generation (y), if saved between Ask and Tell
	Z        [][]float64
	HasAsked bool
}

// MarshalBinary saves the whole state (distribution, paths, parameters,
// the generator's position, a pending generation), so that a CMA restored
// by UnmarshalBinary goes on exactly as this one would.
func (c *CMA) MarshalBinary() ([]byte, error) {
	r, err := c.src.MarshalBinary()
	if err != nil {
		return nil, err
	}
	s := state{Version: stateVersion, Params: c.p, Mean: c.mean, Sigma: c.sigma, C: c.c, B: c.b, D: c.d,
		PS: c.ps, PC: c.pc, Gen: c.gen, Eigen: c.eigen, Rand: r, Asked: c.asked, Z: c.z, HasAsked: c.asked != nil}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(&s); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// UnmarshalBinary restores a state saved by MarshalBinary.
func (c *CMA) UnmarshalBinary(data []byte) error {
	var s state
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&s); err != nil {
		return fmt.Errorf("cmaes: not a saved CMA-ES state: %v", err)
	}
	if s.Version != stateVersion {
		return fmt.Errorf("cmaes: saved state version %d, this package reads %d", s.Version, stateVersion)
	}
	n := s.Params.Dim
	if n < 1 || len(s.Mean) != n || len(s.C) != n*n || len(s.B) != n*n || len(s.D) != n || len(s.PS) != n || len(s.PC) != n ||
		len(s.Params.Weights) != s.Params.Population {
		return fmt.Errorf("cmaes: saved state is inconsistent (dimension %d)", n)
	}
	src := &rand.PCG{}
	if err := src.UnmarshalBinary(s.Rand); err != nil {
		return fmt.Errorf("cmaes: saved generator: %v", err)
	}
	*c = CMA{p: s.Params, n: n, mean: s.Mean, sigma: s.Sigma, c: s.C, b: s.B, d: s.D, ps: s.PS, pc: s.PC, gen: s.Gen, eigen: s.Eigen,
		src: src, rng: rand.New(src)}
	if s.HasAsked {
		c.asked, c.z = slices.Clone(s.Asked), slices.Clone(s.Z)
		if len(c.asked) != s.Params.Population || len(c.z) != len(c.asked) {
			return fmt.Errorf("cmaes: saved state has %d pending candidates for a population of %d", len(c.asked), s.Params.Population)
		}
	}
	return nil
}
