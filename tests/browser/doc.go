// Package browsertest runs the notebooks the way a researcher does: in the
// classic Jupyter Notebook (Debian's jupyter-notebook 6.4) shown by a real
// Chromium, driven from Go with chromedp. It starts a notebook server on
// 127.0.0.1 with a token, the coevo kernelspec and private Jupyter
// directories, opens a copy of every notebooks/*.ipynb, runs all cells from
// the Cell menu and checks the page itself: no error output, DataFrames as
// HTML tables, plots as images, progress bars updated in place, and the
// interrupt button stopping a running cell. Each notebook's page is saved as
// a full-page screenshot under build/browser/.
//
// "make browser-test" (part of "make test") installs the Debian packages
// and runs this; without it (COEVO_BROWSER_TEST unset) the test skips.
// Everything the test starts — the notebook server, its kernels and
// Chromium — is stopped when it ends, also when it fails.
package browsertest
