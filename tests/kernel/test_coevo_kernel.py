"""Conformance of the coevo kernel to the Jupyter messaging protocol, with
jupyter_kernel_test from PyPI (the version jupyter/requirements.txt pins).
Run by `make kernel-test` (the kernelspec is installed into build/jupyter
first); by hand:

    JUPYTER_PATH=build/jupyter/share/jupyter build/venv/bin/python -m unittest -v tests/kernel/test_coevo_kernel.py
"""
import time
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
    code_page_something = "strings.Repeat?"

    code_clear_output = 'import "github.com/coevolab/coevo/kernel/display"\ndisplay.Clear(false)'

    def run_cell(self, code, timeout=60):
        """Execute code; return the reply and (arrival time, message) of outputs."""
        self.flush_channels()
        msg_id = self.kc.execute(code)
        outputs = []
        while True:
            msg = self.kc.get_iopub_msg(timeout=timeout)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                break
            outputs.append((time.monotonic(), msg))
        reply = self.kc.get_shell_msg(timeout=timeout)
        return reply, outputs, time.monotonic()

    def test_compiled_code_output(self):
        """Writes to file descriptors 1 and 2 (as compiled code makes) reach the notebook."""
        reply, outputs, _ = self.run_cell('import "syscall"\nsyscall.Write(1, []byte("fd one\\n"))\nsyscall.Write(2, []byte("fd two\\n"))')
        self.assertEqual(reply["content"]["status"], "ok")
        streams = {m["content"]["name"]: m["content"]["text"] for _, m in outputs if m["msg_type"] == "stream"}
        self.assertIn("fd one", streams.get("stdout", ""))
        self.assertIn("fd two", streams.get("stderr", ""))

    def test_output_streams_while_running(self):
        """Output arrives as it is printed, not when the cell ends."""
        reply, outputs, end = self.run_cell('import "time"\nfmt.Println("first")\ntime.Sleep(1500 * time.Millisecond)\nfmt.Println("second")')
        self.assertEqual(reply["content"]["status"], "ok")
        first = [t for t, m in outputs if m["msg_type"] == "stream" and "first" in m["content"]["text"]]
        self.assertTrue(first, "no stream message with 'first'")
        self.assertGreater(end - first[0], 1.0, "'first' arrived only at the end of the cell")

    def test_output_coalesced(self):
        """51,200 Printlns arrive whole, in order, in a few stream messages (one at once, then at most one each 0.1 s)."""
        t0 = time.monotonic()
        reply, outputs, end = self.run_cell("for i := 0; i < 51200; i++ {\n\tfmt.Println(i)\n}")
        self.assertEqual(reply["content"]["status"], "ok")
        streams = [m["content"] for _, m in outputs if m["msg_type"] == "stream"]
        self.assertEqual("".join(s["text"] for s in streams if s["name"] == "stdout"), "".join(f"{i}\n" for i in range(51200)))
        self.assertLessEqual(len(streams), 3 + int((end - t0) / 0.1), f"{len(streams)} stream messages in {end - t0:.2f} s")

    def test_worker_death_restores_session(self):
        """A cell that kills the worker (a panic in a goroutine) costs the worker, not the session."""
        reply, _, _ = self.run_cell("keep := 41")
        self.assertEqual(reply["content"]["status"], "ok")
        reply, outputs, _ = self.run_cell('go func() { panic("x") }()\nselect {}')
        self.assertEqual(reply["content"]["ename"], "worker died")
        self.assertTrue(reply["content"]["evalue"].startswith("a goroutine panicked: x"), reply["content"]["evalue"])
        notes = [m["content"]["data"]["text/plain"] for _, m in outputs if m["msg_type"] == "display_data"]
        self.assertTrue(any("Session restored" in n for n in notes), notes)
        self.assertTrue(self.kc.is_alive())
        reply, outputs, _ = self.run_cell("keep + 1")
        results = [m["content"]["data"]["text/plain"] for _, m in outputs if m["msg_type"] == "execute_result"]
        self.assertEqual(results, ["42"])

    def test_compiled_cell(self):
        """A %%compile cell built natively by the real binary (a Go plugin it opens), called from an interpreted cell."""
        reply, _, _ = self.run_cell("%%compile\nfunc cube(x int) int { return x * x * x }", timeout=600)
        self.assertEqual(reply["content"]["status"], "ok", reply["content"])
        reply, outputs, _ = self.run_cell("cube(3) + 1")
        results = [m["content"]["data"]["text/plain"] for _, m in outputs if m["msg_type"] == "execute_result"]
        self.assertEqual(results, ["28"])

    def test_magic_time(self):
        """%time prints IPython's lines and keeps what its statement declares."""
        reply, outputs, _ = self.run_cell("%time t := 6 * 7\nt")
        self.assertEqual(reply["content"]["status"], "ok")
        text = "".join(m["content"]["text"] for _, m in outputs if m["msg_type"] == "stream")
        self.assertRegex(text, r"^CPU times: user .+, sys: .+, total: .+\nWall time: .+\n$")


class CoevoIopubWelcomeTests(jupyter_kernel_test.IopubWelcomeTests):
    """JEP 65: a client that subscribes to iopub is greeted first."""

    kernel_name = "coevo"
    support_iopub_welcome = True


if __name__ == "__main__":
    unittest.main()
