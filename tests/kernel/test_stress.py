"""A stress run of the coevo kernel under nbclient (the engine of
"jupyter nbconvert --execute" and papermill): 200 executions of cells that
make widgets, draw an Interact, capture output into an Output widget (the
path where nbclient 0.7 once waited for an execute_reply until the cell's
timeout: it answers each captured output with a comm_msg on the shell
channel, which raced with the reply) and print, in one notebook. No cell
may hang: each has 60 s, and the whole run is timed. Run by `make
kernel-test`; by hand:

    JUPYTER_PATH=build/jupyter/share/jupyter build/venv/bin/python -m unittest -v tests/kernel/test_stress.py
"""
import time
import unittest

import nbclient
import nbformat

VIEW = "application/vnd.jupyter.widget-view+json"
STATE = "application/vnd.jupyter.widget-state+json"
EXECUTIONS = 200

SETUP = 'import "github.com/coevolab/coevo/kernel/widget"\nout := widget.NewOutput()\nout'
# The kinds of cells, in turn: an Interact (its first drawing in the
# output widget's state), a capture into an Output widget (nbclient
# answers it on the shell channel), a slider set from the kernel, plain
# output.
KINDS = [
    'n{i} := widget.NewIntSlider("n", 0, {i})\nui{i}, _ := widget.Interact(func(n int) int {{ return n * n }}, n{i})\nn{i}.SetValue({i})\nui{i}',
    'out.Show({i} * {i})\nfmt.Println("shown", {i})',
    's{i} := widget.NewFloatSlider("x", 0, 1, 0.1)\ns{i}.SetValue(0.5)\ns{i}.Value() + {i}',
    'fmt.Println("cell", {i})\n{i} + 1',
]


class StressTests(unittest.TestCase):
    def test_200_executions_with_widgets(self):
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {"name": "coevo", "display_name": "Go (coevo)", "language": "go"}
        nb.cells = [nbformat.v4.new_code_cell(SETUP)]
        for i in range(1, EXECUTIONS):
            nb.cells.append(nbformat.v4.new_code_cell(KINDS[i % len(KINDS)].format(i=i)))
        start = time.monotonic()
        nbclient.NotebookClient(nb, kernel_name="coevo", timeout=60).execute()
        took = time.monotonic() - start
        print("\n%d executions (%d with widgets) through nbclient %s in %.1f s" % (
            len(nb.cells), sum(1 for i in range(1, EXECUTIONS) if i % len(KINDS) < 3) + 1, nbclient.__version__, took))
        self.assertEqual([c.execution_count for c in nb.cells], list(range(1, EXECUTIONS + 1)))
        state = nb.metadata["widgets"][STATE]["state"]
        for i, cell in enumerate(nb.cells):
            kind = (i % len(KINDS)) if i else None
            errors = [o for o in cell.outputs if o.output_type == "error"]
            self.assertEqual(errors, [], "cell %d" % i)
            if kind == 0:
                view = [o for o in cell.outputs if VIEW in o.get("data", {})]
                self.assertEqual(len(view), 1, "cell %d shows no Interact" % i)
                box = state[view[0]["data"][VIEW]["model_id"]]["state"]
                slider, output = (state[r[len("IPY_MODEL_"):]]["state"] for r in box["children"])
                self.assertEqual(slider["value"], i)
                # The first drawing (n = 0) was set by the kernel; the redraw
                # at n = i, captured by nbclient, replaced it.
                self.assertEqual([o["data"]["text/plain"] for o in output["outputs"]], [str(i * i)])
            elif kind == 1:
                self.assertEqual([o.get("text") for o in cell.outputs if o.output_type == "stream"], ["shown %d\n" % i])
            elif kind == 2:
                self.assertEqual(cell.outputs[-1]["data"]["text/plain"], "%g" % (i + 0.5))
            elif kind == 3:
                self.assertEqual(cell.outputs[-1]["data"]["text/plain"], str(i + 1))
        # The last capture is in the output widget's state.
        out_id = nb.cells[0].outputs[0]["data"][VIEW]["model_id"]
        last = max(i for i in range(1, EXECUTIONS) if i % len(KINDS) == 1)
        self.assertEqual(state[out_id]["state"]["outputs"][-1]["data"]["text/plain"], str(last * last))


if __name__ == "__main__":
    unittest.main()
