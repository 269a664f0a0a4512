"""papermill parameters for Go notebooks run by the coevo kernel.

papermill (https://papermill.readthedocs.io) runs a notebook with parameters
by adding a cell after the one tagged ``parameters`` that sets them. This
module teaches it Go: a notebook whose parameters cell declares

    // parameters
    seeds := 8
    game := "subtraction-nim"

run as ``papermill in.ipynb out.ipynb -p seeds 3 -p game silver-dollar``
gets the cell

    // Parameters
    seeds = 3
    game = "silver-dollar"

Each parameter is assigned, not declared again, so it keeps the type its
declaration gave it: ``-p rate 1`` sets a float64 ``rate`` to 1.0. A
parameter the parameters cell does not declare is an error of the injected
cell ("undefined: name"), after papermill's warning "Passed unknown
parameter". Values: numbers, strings (Go literals, escaped), true/false,
None (nil), lists ([]int, []float64, []string, []bool when their items
agree, else []any) and mappings (map[string]T likewise).

papermill finds translators only in its own registry; it loads the engines
that packages declare under the ``papermill.engine`` entry point when it
starts, so this package declares one (``coevo``, papermill's own nbclient
engine) and registers the translator as it loads, for the kernel ``coevo``
and the language ``go``.
"""
import json
import math
import re

from papermill.engines import NBClientEngine
from papermill.models import Parameter
from papermill.translators import Translator, papermill_translators

__all__ = ["GoTranslator", "CoevoEngine"]


class GoTranslator(Translator):
    """Translates papermill's parameters (JSON or YAML values) to Go."""

    @classmethod
    def translate_none(cls, val):
        return "nil"

    @classmethod
    def translate_str(cls, val):
        # A JSON string is a Go interpreted string literal: the same escapes
        # (\" \\ \n \t \uXXXX ...), the rest as UTF-8.
        return json.dumps(val, ensure_ascii=False)

    @classmethod
    def translate_escaped_str(cls, val):
        return cls.translate_str(str(val))

    @classmethod
    def translate_int(cls, val):
        return str(val)

    @classmethod
    def translate_float(cls, val):
        if math.isnan(val):
            return "math.NaN()"
        if math.isinf(val):
            return "math.Inf(1)" if val > 0 else "math.Inf(-1)"
        s = repr(val)
        if not any(c in s for c in ".eE"):
            s += ".0"  # a float stays a float
        return s

    @classmethod
    def translate_bool(cls, val):
        return "true" if val else "false"

    @classmethod
    def element_type(cls, values):
        """The Go type of a list's items (or a mapping's values)."""
        kinds = set()
        for v in values:
            if isinstance(v, bool):
                kinds.add("bool")
            elif isinstance(v, int):
                kinds.add("int")
            elif isinstance(v, float):
                kinds.add("float64")
            elif isinstance(v, str):
                kinds.add("string")
            else:
                return "any"
        if kinds == {"int", "float64"}:
            return "float64"
        if len(kinds) == 1:
            return kinds.pop()
        return "any"

    @classmethod
    def translate_item(cls, val, typ):
        if typ == "float64" and isinstance(val, int) and not isinstance(val, bool):
            return cls.translate_float(float(val))
        return cls.translate(val)

    @classmethod
    def translate_list(cls, val):
        typ = cls.element_type(val)
        items = ", ".join(cls.translate_item(v, typ) for v in val)
        return f"[]{typ}{{{items}}}"

    @classmethod
    def translate_dict(cls, val):
        typ = cls.element_type(val.values())
        items = ", ".join(f"{cls.translate_str(str(k))}: {cls.translate_item(v, typ)}" for k, v in val.items())
        return f"map[string]{typ}{{{items}}}"

    @classmethod
    def comment(cls, cmt_str):
        return f"// {cmt_str}".strip()

    @classmethod
    def assign(cls, name, str_val):
        return f"{name} = {str_val}"

    @classmethod
    def codify(cls, parameters, comment="Parameters"):
        lines = [cls.assign(name, cls.translate(val)) for name, val in parameters.items()]
        content = cls.comment(comment) + "\n"
        if any(re.search(r"\bmath\.(NaN|Inf)\(", l) for l in lines):
            content += 'import "math"\n'
        return content + "".join(l + "\n" for l in lines)

    # A declaration of the parameters cell: "name := value // help",
    # "var name = value", "var name type = value // help".
    DECLARATION = re.compile(
        r"^\s*(?:var\s+(?P<vname>[A-Za-z_]\w*)(?:\s+(?P<vtype>[^=/]+?))?\s*=|(?P<name>[A-Za-z_]\w*)\s*:=)"
        r"\s*(?P<value>.*?)\s*(?://\s*(?P<help>.*))?$"
    )

    @classmethod
    def inspect(cls, parameters_cell):
        """The parameters a Go parameters cell declares, one a line (for
        papermill --help-notebook, and its warning for a parameter the cell
        does not declare)."""
        params = []
        for line in parameters_cell.source.splitlines():
            m = cls.DECLARATION.match(line)
            if not m:
                continue
            name = m.group("vname") or m.group("name")
            value = m.group("value")
            typ = (m.group("vtype") or "").strip() or cls.infer(value)
            params.append(Parameter(name=name, inferred_type_name=typ, default=value, help=m.group("help") or ""))
        return params

    @classmethod
    def infer(cls, value):
        """The Go type of a literal's default type, or "None" if unknown."""
        if re.fullmatch(r"-?\d+", value):
            return "int"
        if re.fullmatch(r"-?(\d+\.\d*|\.\d+|\d+(\.\d*)?[eE][+-]?\d+)", value):
            return "float64"
        if re.fullmatch(r'"(?:[^"\\]|\\.)*"|`[^`]*`', value):
            return "string"
        if value in ("true", "false"):
            return "bool"
        m = re.fullmatch(r"(\w+)\(.*\)", value)
        if m and m.group(1) in ("int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "string"):
            return m.group(1)
        return "None"


class CoevoEngine(NBClientEngine):
    """papermill's nbclient engine under the name coevo (``--engine coevo``
    is the same as the default): declared so that papermill loads this
    module, and with it the Go translator."""


papermill_translators.register("go", GoTranslator)
papermill_translators.register("coevo", GoTranslator)
