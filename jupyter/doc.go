// Package jupyter holds the Jupyter side of "make test" and "make run",
// which is not Go: the versions of Jupyter installed from PyPI into
// build/venv (requirements.in, and requirements.txt with every package
// they need and its hashes), papermill's translator for Go notebooks
// (papermill-coevo), the widget manager that HTML exports carry inline
// (widgets, installed from npm with its package-lock.json) and the
// nbconvert template and configuration that inline it. docs/jupyter.md
// describes them. The test checks that the pins agree with each other and
// with environment.yml.
package jupyter
