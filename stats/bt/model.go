package bt

import (
	"fmt"
	"math"
	"strings"
)

// DrawModel says how a fit treats drawn games.
type DrawModel int

const (
	// HalfPoint counts a draw as half a win for each side (paper 003
	// section III-D2, Ordo's and Elo's convention). The default.
	HalfPoint DrawModel = iota
	// Davidson is R. R. Davidson's model (JASA 65, 1970): i beats j,
	// j beats i, or they draw with probabilities proportional to g_i,
	// g_j and nu*sqrt(g_i g_j); Ratings.Draw is nu.
	Davidson
	// RaoKupper is the model of P. V. Rao and L. L. Kupper (JASA 62,
	// 1967), the one BayesElo fits: i beats j with probability
	// g_i/(g_i + theta g_j) and they draw with the rest; Ratings.Draw is
	// theta >= 1, and BayesElo's drawelo is 400 log10 theta.
	RaoKupper
)

var drawModelNames = []string{"half", "davidson", "rao-kupper"}

func (m DrawModel) String() string {
	if m < 0 || int(m) >= len(drawModelNames) {
		return fmt.Sprintf("DrawModel(%d)", int(m))
	}
	return drawModelNames[m]
}

// ParseDrawModel reads a draw model by name: half, davidson or rao-kupper.
func ParseDrawModel(s string) (DrawModel, error) {
	for i, n := range drawModelNames {
		if strings.EqualFold(s, n) {
			return DrawModel(i), nil
		}
	}
	return 0, fmt.Errorf("unknown draw model %q (want %s)", s, strings.Join(drawModelNames, ", "))
}

// logistic returns 1/(1+exp(-x)).
func logistic(x float64) float64 {
	if x >= 0 {
		return 1 / (1 + math.Exp(-x))
	}
	e := math.Exp(x)
	return e / (1 + e)
}

// logLogistic returns log(logistic(x)) without overflow. It takes
// log(1+e) rather than log1p(e), e in (0, 1]: half the time, and an
// absolute error below 2e-16, which a sum of log-likelihood terms does not
// notice.
func logLogistic(x float64) float64 {
	if x >= 0 {
		return -math.Log(1 + math.Exp(-x))
	}
	return x - math.Log(1+math.Exp(x))
}

// termEval is one term's log-likelihood and its derivatives in the
// strength difference x (log-strengths, plus the log first-move advantage
// for a seated term) and the draw parameter phi (log nu for Davidson, log
// theta for Rao-Kupper): l, dl/dx, -d2l/dx2, dl/dphi, -d2l/dxdphi and
// -d2l/dphi2.
type termEval struct{ l, lx, cxx, lp, cxp, cpp float64 }

// eval evaluates a term with wi, wj wins and d draws at x, phi.
func (m DrawModel) eval(x, phi, wi, wj, d float64) (t termEval) {
	switch m {
	case Davidson:
		// P(win) = e^{x/2}/Z, P(loss) = e^{-x/2}/Z, P(draw) = e^phi/Z.
		h := math.Abs(x) / 2
		top := math.Max(h, phi)
		ew, el, ed := math.Exp(x/2-top), math.Exp(-x/2-top), math.Exp(phi-top)
		z := ew + el + ed
		pw, pl, pd := ew/z, el/z, ed/z
		n := wi + wj + d
		logZ := top + math.Log(z)
		t.l = (wi-wj)*x/2 + d*phi - n*logZ
		t.lx = (wi-wj)/2 - n*(pw-pl)/2
		t.cxx = n * ((pw+pl)/4 - (pw-pl)*(pw-pl)/4)
		t.lp = d - n*pd
		t.cxp = -n * pd * (pw - pl) / 2
		t.cpp = n * pd * (1 - pd)
	case RaoKupper:
		k := phi
		if k <= 0 {
			t.l = math.Inf(-1)
			return t
		}
		pw, pl := logistic(x-k), logistic(-x-k)
		a, b := pw*(1-pw), pl*(1-pl)
		em := math.Expm1(2 * k)
		t.l = wi*logLogistic(x-k) + wj*logLogistic(-x-k)
		if d > 0 {
			t.l += d * (logLogistic(k-x) + logLogistic(k+x) + math.Log(-math.Expm1(-2*k)))
		}
		t.lx = wi*(1-pw) - wj*(1-pl) + d*(pl-pw)
		t.cxx = wi*a + wj*b + d*(a+b)
		t.lp = -wi*(1-pw) - wj*(1-pl) + d*(pw+pl+2/em)
		t.cxp = -wi*a + wj*b - d*(a-b)
		t.cpp = wi*a + wj*b + d*(a+b+4*(em+1)/(em*em))
	default:
		si, sj := wi+d/2, wj+d/2
		// One exponential serves log(logistic(x)) and logistic(x); the
		// log-likelihood si log p + sj log(1-p) = (si+sj) log p - sj x.
		e := math.Exp(-math.Abs(x))
		lp, p := -math.Log(1+e), 1/(1+e) // as logLogistic
		if x < 0 {
			lp, p = x+lp, e/(1+e)
		}
		n := si + sj
		t.l = n*lp - sj*x
		t.lx = si - n*p
		t.cxx = n * p * (1 - p)
	}
	return t
}

// scoreSlope is the slope of the expected score (win plus half a draw)
// in the strength difference at equal strength, over the slope of the
// logistic there (1/4): 1 for half points, 2/(2+nu) for Davidson (phi =
// log nu), 4x/(1+x)^2 with x = 1/theta for Rao-Kupper (phi = log theta;
// BayesElo's Elo scale).
func (m DrawModel) scoreSlope(phi float64) float64 {
	switch m {
	case Davidson:
		return 2 / (2 + math.Exp(phi))
	case RaoKupper:
		x := math.Exp(-phi)
		return 4 * x / ((1 + x) * (1 + x))
	}
	return 1
}

// drawStart is a starting value of phi from the share of draws q.
func (m DrawModel) drawStart(q float64) float64 {
	switch m {
	case Davidson: // at x = 0, P(draw) = e^phi/(2 + e^phi)
		return math.Log(2 * q / (1 - q))
	case RaoKupper: // at x = 0, P(draw) = 1 - 2 logistic(-phi)
		return math.Log((1 + q) / (1 - q))
	}
	return 0
}
