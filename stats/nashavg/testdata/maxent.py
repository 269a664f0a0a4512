"""Maximum-entropy Nash equilibrium of antisymmetric payoffs, by scipy.

Reads JSON lists of square matrices on stdin, writes for each the mixture
that maximises entropy subject to A p <= 0, p >= 0, sum p = 1 (scipy's
SLSQP from the uniform mixture), as JSON on stdout. A peer computation for
stats/nashavg's tests: it shares no code with the Go solver.
"""
import json
import sys

import numpy as np
from scipy.optimize import minimize


def maxent(A):
    A = np.asarray(A, dtype=float)
    n = len(A)

    def negent(p):
        q = np.clip(p, 1e-300, None)
        return float(np.sum(np.where(p > 0, p * np.log(q), 0.0)))

    def grad(p):
        return np.log(np.clip(p, 1e-300, None)) + 1

    cons = [
        {"type": "eq", "fun": lambda p: np.sum(p) - 1, "jac": lambda p: np.ones(n)},
        {"type": "ineq", "fun": lambda p: -A @ p, "jac": lambda p: -A},
    ]
    res = minimize(negent, np.full(n, 1 / n), jac=grad, bounds=[(0, 1)] * n,
                   constraints=cons, method="SLSQP",
                   options={"ftol": 1e-14, "maxiter": 2000})
    return res.x.tolist(), bool(res.success)


out = [maxent(A) for A in json.load(sys.stdin)]
json.dump(out, sys.stdout)
