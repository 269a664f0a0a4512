"""Widgets of the coevo kernel as nbclient (the engine of `jupyter nbconvert
--execute`) sees them: views in the cells' outputs, the widgets' state in
the notebook's metadata, an Interact's first drawing captured by its output
widget. Run by `make kernel-test`; by hand:

    JUPYTER_PATH=build/jupyter/share/jupyter build/venv/bin/python -m unittest -v tests/kernel/test_widgets.py

As a program it checks notebooks already executed (make kernel-test runs
it on notebooks 03 and 04): each must show widget views whose models are
in its saved widget state.

    build/venv/bin/python tests/kernel/test_widgets.py build/notebooks/04-coevolution-othello.ipynb
"""
import sys
import unittest

import nbclient
import nbformat
from jupyter_client.manager import start_new_kernel

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


def comm_opens(code):
    """Run code in a coevo kernel; return the data and metadata of each
    comm_open it sends, by comm id, in order."""
    km, kc = start_new_kernel(kernel_name="coevo", startup_timeout=120)
    try:
        msg_id = kc.execute(code)
        opens = {}
        while True:
            msg = kc.get_iopub_msg(timeout=120)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "error":
                raise AssertionError("the cell failed: %s" % msg["content"])
            if msg["msg_type"] == "comm_open":
                opens[msg["content"]["comm_id"]] = (msg["content"]["data"], msg["metadata"])
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                return opens
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


class IpywidgetsTests(unittest.TestCase):
    def test_models_are_ipywidgets_8s(self):
        """Each model the kernel opens is the one ipywidgets 8 (from PyPI,
        the version front ends of today draw) opens for the same control:
        the same model and view, module and version, the same state keys
        and style model, and the protocol version in the comm_open's
        metadata."""
        import ipywidgets
        from ipywidgets._version import __protocol_version__

        opens = comm_opens(
            'import "github.com/coevolab/coevo/kernel/widget"\n'
            'widget.HBox(widget.NewIntSlider("i", 0, 3), widget.NewFloatSlider("f", 0, 1, 0.1),\n'
            '\twidget.NewDropdown("d", []string{"a"}), widget.NewCheckbox("c", false), widget.NewText("t", ""))\n'
            'widget.VBox(widget.NewButton("b"), widget.NewHTML("<b>h</b>"), widget.NewOutput())'
        )
        ours = {}
        for data, metadata in opens.values():
            self.assertEqual(metadata.get("version"), __protocol_version__)
            ours.setdefault(data["state"]["_model_name"], data["state"])
        refs = [ipywidgets.IntSlider(), ipywidgets.FloatSlider(), ipywidgets.Dropdown(options=["a"]),
                ipywidgets.Checkbox(), ipywidgets.Text(), ipywidgets.Button(), ipywidgets.HTML(),
                ipywidgets.HBox(), ipywidgets.VBox(), ipywidgets.Output()]
        modules = ["_model_module", "_model_module_version", "_view_name", "_view_module", "_view_module_version"]
        for ref in refs:
            want = ref.get_state()
            name = want["_model_name"]
            with self.subTest(model=name):
                self.assertIn(name, ours)
                got = ours[name]
                self.assertEqual({k: got.get(k) for k in modules}, {k: want[k] for k in modules})
                # _view_count is the kernel's own (None: views are not counted).
                self.assertEqual(set(got), set(want) - {"_view_count"})
                layout = opens[got["layout"][len("IPY_MODEL_"):]][0]["state"]
                self.assertEqual({k: layout.get(k) for k in ["_model_name"] + modules},
                                 {k: ref.layout.get_state()[k] for k in ["_model_name"] + modules})
                if "style" in want:
                    style = opens[got["style"][len("IPY_MODEL_"):]][0]["state"]
                    ref_style = ref.style.get_state()
                    self.assertEqual({k: style.get(k) for k in ["_model_name"] + modules},
                                     {k: ref_style[k] for k in ["_model_name"] + modules})
                    self.assertEqual(set(style), set(ref_style) - {"_view_count"})


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
