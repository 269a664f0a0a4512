// Package widget puts interactive controls in coevo notebook cells:
// sliders, a dropdown, a checkbox, a button, a text field, an output area
// and boxes to lay them out, drawn by the front end's Jupyter widget
// manager and kept in step with the kernel through comms (package comm).
//
// A cell whose value is a widget shows it; Interact binds a function of
// the controls' values to an output area that it redraws whenever a
// control changes:
//
//	import "github.com/coevolab/coevo/kernel/widget"
//
//	gen := widget.NewIntSlider("generation", 0, 19)
//	run := widget.NewDropdown("run", []string{"|A| = 1", "|A| = 4"})
//	ui, err := widget.Interact(func(run string, gen int) *plot.Plot {
//		return ciaoRow(run, gen) // a plot, a DataFrame, text: what a cell can show
//	}, run, gen)
//	ui
//
// Controls also take callbacks (OnChange, OnClick, OnSubmit), and an
// Output captures what code prints and displays. Callbacks run in the
// session as cells do, one at a time and never while a cell runs: their
// output goes where the widget's cell shows it, an interrupt stops them,
// and a panic in one is shown as an error, the session keeping its state.
// When the kernel restores a session after its worker died, the widgets
// on the page keep working, with the values the user gave them.
//
// Two versions of the widget protocol are spoken. Protocol 2 (ipywidgets
// 8's 2.1.0: @jupyter-widgets/controls 2.0, base 2.0, output 1.0) is the
// default: the widget managers of JupyterLab 4, Notebook 7 and Voila draw
// it, nbclient ("jupyter nbconvert --execute", papermill) stores it in the
// notebook, and @jupyter-widgets/html-manager draws it in an exported page.
// Such a front end may fetch every widget's state at once through the
// "jupyter.widget.control" comm. Protocol 1
// (ipywidgets 6, jupyter-js-widgets 2.1) is spoken to a front end that
// asks for it by opening the "jupyter.widget.version" comm, as the classic
// Notebook with Debian's jupyter-nbextension-jupyter-js-widgets does. A
// widget is displayed as a display_data message of MIME type ViewMIME
// (and, in protocol 1, a "display" comm message).
package widget
