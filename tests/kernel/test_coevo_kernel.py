"""Conformance of the coevo kernel to the Jupyter messaging protocol, with
Debian's python3-jupyter-kernel-test. Run by `make test` (the kernelspec is
installed into build/jupyter first); by hand:

    JUPYTER_PATH=build/jupyter/share/jupyter /usr/bin/python3 -m unittest -v tests/kernel/test_coevo_kernel.py
"""
import unittest

import jupyter_kernel_test


class CoevoKernelTests(jupyter_kernel_test.KernelTests):
    kernel_name = "coevo"
    language_name = "go"
    file_extension = ".go"

    code_hello_world = 'import "fmt"\nfmt.Println("hello, world")'
    code_stderr = 'import "fmt"\nimport "os"\nfmt.Fprintln(os.Stderr, "to stderr")'

    completion_samples = [
        {"text": 'import "strings"\nstrings.Rep', "matches": {"Repeat", "Replace", "ReplaceAll", "Replacer"}},
        {"text": "fmt.Sprin", "matches": {"Sprint", "Sprintf", "Sprintln"}},
    ]

    complete_code_samples = ["x := 1", "func f() int { return 1 }", 'import "fmt"']
    incomplete_code_samples = ["func f() {", "for i := 0; i < 3; i++ {", "s := `raw"]
    invalid_code_samples = ["x := 1 @", "y := 'unterminated"]

    code_generate_error = "undefinedName + 1"

    code_execute_result = [
        {"code": "6 * 7", "result": "42"},
        {"code": '"go" + "pher"', "result": '"gopher"'},
        {
            "code": 'import "github.com/coevolab/coevo/engine/heap"\ng, _ := heap.Kayles().Sequence(5)\ng.DataFrame()',
            "mime": "text/html",
        },
    ]

    code_display_data = [
        {
            "code": 'import "github.com/coevolab/coevo/kernel/display"\ndisplay.Show(display.HTML("<b>hi</b>"))',
            "mime": "text/html",
        },
        {
            "code": 'import "github.com/coevolab/coevo/kernel/display"\ndisplay.Show(display.Markdown("**hi**"))',
            "mime": "text/markdown",
        },
    ]

    code_history_pattern = "6 * 7"
    supported_history_operations = ("tail", "range", "search")

    code_inspect_sample = "strings.Repeat"


if __name__ == "__main__":
    unittest.main()
