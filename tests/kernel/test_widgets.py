"""Widgets of the coevo kernel as nbclient (the engine of `jupyter nbconvert
--execute`) sees them: views in the cells' outputs, the widgets' state in
the notebook's metadata, an Interact's first drawing captured by its output
widget. Run by `make kernel-test`; by hand:

    JUPYTER_PATH=build/jupyter/share/jupyter /usr/bin/python3 -m unittest -v tests/kernel/test_widgets.py

As a program it checks notebooks already executed (make kernel-test runs
it on notebooks 03 and 04): each must show widget views whose models are
in its saved widget state.

    /usr/bin/python3 tests/kernel/test_widgets.py build/notebooks/04-coevolution-othello.ipynb
"""
import sys
import unittest

import nbclient
import nbformat

VIEW = "application/vnd.jupyter.widget-view+json"
STATE = "application/vnd.jupyter.widget-state+json"


def widget_views(nb):
    """Return the widget views a notebook's outputs show, as (cell, model id),
    the saved widget state, and what is wrong: a view whose model is not in
    the state, or a reference to a model that is not."""
    state = nb.metadata.get("widgets", {}).get(STATE, {}).get("state", {})
    views, problems = [], []
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            view = out.get("data", {}).get(VIEW)
            if not view:
                continue
            views.append((i, view["model_id"]))
            if view.get("version_major") != 2:
                problems.append("cell %d: view %s of protocol %s, want 2" % (i, view["model_id"], view.get("version_major")))
            if view["model_id"] not in state:
                problems.append("cell %d: view of model %s, which the saved state lacks" % (i, view["model_id"]))
    for mid, model in state.items():
        refs = []
        for key, value in model["state"].items():
            values = value if isinstance(value, list) else [value]
            refs += [v[len("IPY_MODEL_"):] for v in values if isinstance(v, str) and v.startswith("IPY_MODEL_")]
        for ref in refs:
            if ref not in state:
                problems.append("model %s (%s) refers to %s, which the saved state lacks" % (mid, model["model_name"], ref))
    return views, state, problems


def execute(sources):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "coevo", "display_name": "Go (coevo)", "language": "go"}
    nb.cells = [nbformat.v4.new_code_cell(s) for s in sources]
    nbclient.NotebookClient(nb, kernel_name="coevo", timeout=120).execute()
    return nb


class WidgetNotebookTests(unittest.TestCase):
    def test_interact(self):
        """An Interact's view is in the cell's outputs, its models in the
        notebook's state, its first drawing in its output widget's state
        (set by the kernel: nbclient's capture of an output widget answers on
        the shell channel, which raced with the cell's execute_reply and left
        nbclient waiting for it about one run in three); what the function
        prints while it first draws goes to the cell."""
        nb = execute([
            'import "github.com/coevolab/coevo/kernel/widget"\n'
            'n := widget.NewIntSlider("n", 2, 9)\n'
            'ui, err := widget.Interact(func(n int) int { fmt.Println("drawing", n); return n * n }, n)\n'
            'if err != nil {\n\tpanic(err)\n}\nui',
            'n.Value() + 1',
        ])
        views, state, problems = widget_views(nb)
        self.assertEqual(problems, [])
        self.assertEqual([c for c, _ in views], [0])
        box = state[views[0][1]]
        self.assertEqual(box["model_name"], "VBoxModel")
        children = [state[r[len("IPY_MODEL_"):]] for r in box["state"]["children"]]
        self.assertEqual([c["model_name"] for c in children], ["IntSliderModel", "OutputModel"])
        self.assertEqual(children[0]["state"]["value"], 2)
        outputs = children[1]["state"]["outputs"]
        self.assertEqual([o["output_type"] for o in outputs], ["display_data"])
        self.assertEqual(outputs[0]["data"]["text/plain"], "4")
        # The first drawing went to the output widget, not the cell; the
        # function's print went to the cell.
        self.assertEqual([o["output_type"] for o in nb.cells[0].outputs], ["stream", "display_data"])
        self.assertEqual(nb.cells[0].outputs[0]["text"], "drawing 2\n")
        self.assertEqual(nb.cells[1].outputs[0]["data"]["text/plain"], "3")

    def test_views_checked(self):
        """widget_views finds a view whose model the state lacks."""
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell("x", outputs=[nbformat.v4.new_output(
            "display_data", data={VIEW: {"model_id": "nowhere", "version_major": 2, "version_minor": 0}})])]
        _, _, problems = widget_views(nb)
        self.assertEqual(len(problems), 1)
        self.assertIn("nowhere", problems[0])


def check(paths):
    """Check executed notebooks: each shows widget views, all in its state."""
    bad = False
    for path in paths:
        views, state, problems = widget_views(nbformat.read(path, as_version=4))
        if not views:
            problems.append("no widget views (application/vnd.jupyter.widget-view+json) in the outputs")
        for p in problems:
            print("%s: %s" % (path, p), file=sys.stderr)
            bad = True
        if not problems:
            print("%s: %d widget views, %d models in the saved state" % (path, len(views), len(state)))
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1].endswith(".ipynb"):
        sys.exit(check(sys.argv[1:]))
    unittest.main()
