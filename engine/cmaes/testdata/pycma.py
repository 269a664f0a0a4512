"""pycma, Hansen's reference CMA-ES, for engine/cmaes's tests.

Reads one JSON request on stdin and writes the answer as JSON on stdout:

  {"params": [[n, popsize], ...]}  the default strategy parameters pycma
      sets for each dimension and population (popsize 0: pycma's default);
  {"evaluations": {"n": 10, "seeds": 15}}  the evaluations pycma's default
      CMA-ES needs to bring the sphere, the ellipsoid (cma.ff.elli,
      condition 1e6) and Rosenbrock's function below 1e-8, checked once a
      generation, from x0 = 0.2, sigma0 = 0.5 (Rosenbrock: 0.1, 0.3), for
      seeds 1, 2, ...
"""
import json
import sys
import warnings

warnings.filterwarnings("ignore")
import numpy as np  # noqa: E402
import cma  # noqa: E402


def params(n, popsize):
    opts = {"verbose": -9, "seed": 1}
    if popsize:
        opts["popsize"] = popsize
    es = cma.CMAEvolutionStrategy(n * [0.1], 0.3, opts)
    sp = es.sp
    return {
        "lambda": int(sp.weights.lambda_), "mu": int(sp.weights.mu),
        "mueff": float(sp.weights.mueff), "weights": [float(w) for w in sp.weights],
        "cs": float(es.adapt_sigma.cs), "damps": float(es.adapt_sigma.damps),
        "cc": float(sp.cc), "c1": float(sp.c1), "cmu": float(sp.cmu),
    }


def sphere(x):
    return float(np.sum(x**2))


def elli(x):
    n = len(x)
    return float(np.sum(1e6 ** (np.arange(n) / (n - 1)) * x**2))


def rosen(x):
    return float(np.sum(100 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2))


def evaluations(n, seeds):
    out = {}
    for name, f, x0, s0 in [("sphere", sphere, 0.2, 0.5), ("ellipsoid", elli, 0.2, 0.5), ("rosenbrock", rosen, 0.1, 0.3)]:
        counts = []
        for seed in range(1, seeds + 1):
            es = cma.CMAEvolutionStrategy(n * [x0], s0, {
                "seed": seed, "verbose": -9, "maxfevals": 1e7, "tolfun": 0, "tolfunhist": 0, "tolx": 0,
                "tolflatfitness": 1e9, "tolstagnation": 1e9, "tolconditioncov": 1e20})
            evals, best = 0, np.inf
            while best >= 1e-8:
                X = es.ask()
                v = [f(np.asarray(x)) for x in X]
                evals += len(X)
                best = min(best, min(v))
                es.tell(X, v)
            counts.append(evals)
        out[name] = counts
    return out


req = json.load(sys.stdin)
if "params" in req:
    json.dump({"version": cma.__version__, "params": [params(n, lam) for n, lam in req["params"]]}, sys.stdout)
else:
    e = req["evaluations"]
    json.dump({"version": cma.__version__, "evaluations": evaluations(e["n"], e["seeds"])}, sys.stdout)
