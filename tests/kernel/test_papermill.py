"""papermill runs Go notebooks with parameters: the Go translator of
jupyter/papermill-coevo (installed into build/venv by make jupyter-deps)
turns papermill's values into Go assignments that the coevo kernel runs.
Run by `make kernel-test`; by hand:

    JUPYTER_PATH=build/jupyter/share/jupyter build/venv/bin/python -m unittest -v tests/kernel/test_papermill.py
"""
import os
import re
import tempfile
import unittest
import warnings

import nbformat
import papermill
from jupyter_client.manager import start_new_kernel
from papermill.translators import papermill_translators

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NOTEBOOK_02 = os.path.join(ROOT, "notebooks", "02-umda-runtime.ipynb")


def run_in_kernel(code):
    """Run code in a coevo kernel; return what it prints and its error."""
    km, kc = start_new_kernel(kernel_name="coevo", startup_timeout=120)
    try:
        msg_id = kc.execute(code)
        out, err = [], None
        while True:
            msg = kc.get_iopub_msg(timeout=120)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "stream":
                out.append(msg["content"]["text"])
            if msg["msg_type"] == "error":
                err = msg["content"]["ename"] + ": " + msg["content"]["evalue"]
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                return "".join(out), err
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


class TranslatorTests(unittest.TestCase):
    def translator(self):
        # papermill finds it as it finds its own: by kernel, then language.
        import papermill.engines  # noqa: F401 (loads the engines' entry points, and so the translator)

        return papermill_translators.find_translator("coevo", "go")

    def test_registered(self):
        """papermill, started as its command line is, finds a translator for
        the kernel coevo and for the language go."""
        import papermill.engines  # noqa: F401

        for kernel, language in [("coevo", "go"), ("gonb", "go")]:
            t = papermill_translators.find_translator(kernel, language)
            self.assertEqual(t.__name__, "GoTranslator")

    def test_values_reach_go_unchanged(self):
        """The injected cell, run by the kernel after declarations of the
        parameters' types, gives Go the values papermill was given: Go
        prints them back as Python wrote them."""
        params = {
            "s": 'quote " backslash \\ newline\ntab\t\u00e9 \u2603 \U0001d11e \x01 `raw`',
            "i": -12345678901,
            "f": 0.1,
            "whole": 3.0,
            "tiny": 1e-300,
            "inf": float("inf"),
            "yes": True,
            "ints": [1, 2, 3],
            "mixed": [1, 2.5],
            "words": ["a", "b\"c"],
            "table": {"x": 1, "y": 2},
        }
        decls = (
            "var s string\nvar i int64\nvar f, whole, tiny, inf float64\nvar yes bool\n"
            "var ints []int\nvar mixed []float64\nvar words []string\nvar table map[string]int\n"
        )
        cell = self.translator().codify(params)
        prints = (
            'import "strconv"\n'
            'fmt.Println(strconv.Quote(s))\nfmt.Println(i)\nfmt.Println(strconv.FormatFloat(f, \'g\', -1, 64), whole, tiny, inf)\n'
            'fmt.Println(yes, ints, mixed, words, table["x"]+table["y"], len(table))'
        )
        out, err = run_in_kernel(decls + cell + prints)
        self.assertIsNone(err, cell)
        lines = out.splitlines()
        self.assertEqual(lines[0], '"quote \\" backslash \\\\ newline\\ntab\\t\u00e9 \u2603 \U0001d11e \\x01 `raw`"')
        self.assertEqual(lines[1], "-12345678901")
        self.assertEqual(lines[2], "0.1 3 1e-300 +Inf")
        self.assertEqual(lines[3], 'true [1 2 3] [1 2.5] [a b"c] 3 2')

    def test_assignments_keep_declared_types(self):
        """A parameter is assigned, so it keeps the type its declaration gave
        it: an int value given to a float64 parameter is a float64."""
        cell = self.translator().codify({"rate": 2, "n": 7})
        self.assertIn("rate = 2\n", cell)
        out, err = run_in_kernel("rate := 0.5\nn := uint8(1)\n" + cell + 'fmt.Printf("%T %v %T %v\\n", rate, rate/4, n, n)')
        self.assertIsNone(err)
        self.assertEqual(out, "float64 0.5 uint8 7\n")

    def test_unknown_parameter_is_an_error(self):
        """A parameter the notebook does not declare is the injected cell's
        compile error, which names it."""
        out, err = run_in_kernel(self.translator().codify({"nosuch": 1}))
        self.assertIsNotNone(err)
        self.assertIn("undefined: nosuch", err)

    def test_inspect(self):
        """papermill --help-notebook lists a Go parameters cell's parameters
        with their types, defaults and help."""
        cell = nbformat.v4.new_code_cell(
            '// parameters\nseeds := 8 // runs a size\nrate := 0.5\nname := "kayles"\n'
            "var budget int64 = 2000000\nfull := false\nk := uint8(3)\n"
        )
        got = [(p.name, p.inferred_type_name, p.default, p.help) for p in self.translator().inspect(cell)]
        self.assertEqual(got, [
            ("seeds", "int", "8", "runs a size"),
            ("rate", "float64", "0.5", ""),
            ("name", "string", '"kayles"', ""),
            ("budget", "int64", "2000000", ""),
            ("full", "bool", "false", ""),
            ("k", "uint8", "uint8(3)", ""),
        ])

    def test_float_and_special_values(self):
        t = self.translator()
        self.assertEqual(t.translate(2.0), "2.0")
        self.assertEqual(t.translate(float("nan")), "math.NaN()")
        self.assertEqual(t.translate(None), "nil")
        self.assertEqual(t.translate([]), "[]any{}")
        self.assertEqual(t.translate([1, "a"]), '[]any{1, "a"}')
        self.assertTrue(t.codify({"x": float("-inf")}).startswith('// Parameters\nimport "math"\nx = math.Inf(-1)\n'))


class NotebookTests(unittest.TestCase):
    def test_notebook_02_with_two_parameter_sets(self):
        """papermill runs notebook 02 with seeds = 2 and seeds = 3: each run
        injects its parameter after the cell tagged parameters, and the
        SILVERDOLLAR sweep (boards of 5 to 9 squares, seeds runs each)
        counts 5 x seeds runs; the default (8) would count 40."""
        counted = {}
        with tempfile.TemporaryDirectory() as tmp:
            for seeds in (2, 3):
                out = os.path.join(tmp, "02-seeds-%d.ipynb" % seeds)
                with warnings.catch_warnings():
                    warnings.simplefilter("error")  # papermill warns of an unknown parameter
                    nb = papermill.execute_notebook(NOTEBOOK_02, out, parameters={"seeds": seeds},
                                                    cwd=os.path.dirname(NOTEBOOK_02), kernel_name="coevo",
                                                    progress_bar=False, execution_timeout=600)
                tags = [c.metadata.get("tags", []) for c in nb.cells]
                i = tags.index(["parameters"])
                self.assertEqual(tags[i + 1], ["injected-parameters"])
                self.assertEqual(nb.cells[i + 1].source, "// Parameters\nseeds = %d\n" % seeds)
                text = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs)
                m = re.search(r"SILVERDOLLAR k=2: .*; (\d+) of (\d+) runs censored", text)
                self.assertIsNotNone(m, "no SILVERDOLLAR line in the outputs")
                counted[seeds] = int(m.group(2))
        self.assertEqual(counted, {2: 10, 3: 15})


if __name__ == "__main__":
    unittest.main()
