// Installed into a JupyterLab 4 or Notebook 7 page by tests/browser (the
// server exposes the application as window.jupyterapp): it records how
// outputs arrive (appended or updated in place) and reports what the page
// shows as plain data for the Go test to check, as page.js does for the
// classic Notebook.
(function () {
  if (window.coevo) return;
  var app = window.jupyterapp;
  var log = (window.coevo = { events: [], dead: false, displayIds: {}, iopub: [] });

  // The notebook's panel: the current widget of the shell when this is
  // installed (Notebook 7 shows one document a page; JupyterLab's test
  // opens one at a time, though a panel it opens, the contextual help,
  // may take the focus).
  function current() {
    var w = app.shell.currentWidget;
    return w && w.content && w.sessionContext ? w : null;
  }
  var notebookPanel = current();
  function panel() {
    return current() || notebookPanel;
  }
  function cells() {
    var p = panel();
    return p ? p.content.widgets : [];
  }
  function kernel() {
    var p = panel();
    return p && p.sessionContext.session ? p.sessionContext.session.kernel : null;
  }

  // The display id of each progress display the kernel sent, by its HTML:
  // a display added with one can be updated in place.
  function watchKernel() {
    var k = kernel();
    if (!k || k.__coevo) return;
    k.__coevo = true;
    k.iopubMessage.connect(function (_, msg) {
      var c = msg.content || {};
      if ((msg.header.msg_type === "display_data" || msg.header.msg_type === "update_display_data") && c.transient && c.transient.display_id) {
        log.displayIds[(c.data || {})["text/html"] || ""] = c.transient.display_id;
      }
    });
    k.statusChanged.connect(function (_, status) {
      if (status === "dead" || status === "autorestarting") log.dead = true;
    });
  }

  // Each output added or updated, with the progress bars its cell shows
  // right after it.
  function watchCell(cell) {
    if (cell.__coevo || cell.model.type !== "code") return;
    cell.__coevo = true;
    cell.model.outputs.changed.connect(function (outputs, args) {
      var kind = { add: "add", set: "update", remove: "remove" }[args.type] || args.type;
      (args.newValues || []).forEach(function (o) {
        var json = o.toJSON();
        var html = (json.data || {})["text/html"] || "";
        html = Array.isArray(html) ? html.join("") : html;
        log.events.push({
          kind: kind,
          cell: cells().indexOf(cell),
          type: json.output_type,
          html: html, // its display id is looked up when reported: the kernel's message may be seen after the output
          progress: /<progress/.test(html),
          bars: barsOf(outputs),
        });
      });
    });
  }
  // The values of the progress bars a cell's outputs hold (the page draws
  // them a moment later).
  function barsOf(outputs) {
    var bars = [];
    outputs.toJSON().forEach(function (o) {
      var html = joined((o.data || {})["text/html"]);
      var re = /<progress[^>]*\bvalue="([^"]*)"/g;
      var m;
      while ((m = re.exec(html))) bars.push(Number(m[1]));
    });
    return bars;
  }

  function watch() {
    var p = panel();
    if (!p) return;
    watchKernel();
    cells().forEach(watchCell);
  }
  watch();
  var p = panel();
  p.content.model.cells.changed.connect(function () {
    setTimeout(watch, 0);
  });
  p.sessionContext.kernelChanged.connect(function () {
    setTimeout(watch, 0);
  });

  function text(el) {
    return (el.innerText || el.textContent || "").slice(0, 3000);
  }
  function joined(v) {
    return Array.isArray(v) ? v.join("") : v || "";
  }

  // coevoStatus tells whether the notebook is still running.
  window.coevoStatus = function () {
    watch();
    var p = panel();
    var k = kernel();
    var dialog = document.querySelector(".jp-Dialog");
    return {
      running: cells().filter(function (c) {
        return c.model.type === "code" && /\*/.test(c.promptNode ? c.promptNode.textContent : "");
      }).length,
      idle: !!k && k.status === "idle" && k.connectionStatus === "connected",
      status: p ? p.sessionContext.kernelDisplayStatus : "no notebook",
      dead: log.dead || (!!k && k.status === "dead"),
      dialog: dialog ? text(dialog).replace(/\s+/g, " ").trim() : "",
    };
  };

  // coevoState reports the page: each code cell's prompt, outputs (as the
  // page's model holds them) and what it renders.
  window.coevoState = function () {
    watch();
    var out = cells().map(function (c, i) {
      var src = c.model.sharedModel.getSource();
      if (c.model.type !== "code") return { index: i, type: c.model.type, source: src };
      var el = c.outputArea.node;
      var outputs = c.model.outputs.toJSON();
      var prompt = c.model.executionCount;
      return {
        index: i,
        type: "code",
        source: src,
        prompt: /\*/.test(c.promptNode ? c.promptNode.textContent : "") ? "*" : prompt == null ? "" : String(prompt),
        outputs: outputs.map(function (o) {
          var data = o.data || {};
          return {
            type: o.output_type,
            name: o.name || "",
            mimes: Object.keys(data),
            table: /<table/i.test(joined(data["text/html"])),
            ename: o.ename || "",
            evalue: o.evalue || "",
            text: joined(o.text || data["text/plain"]).slice(0, 3000),
          };
        }),
        errors: outputs
          .filter(function (o) {
            return o.output_type === "error";
          })
          .map(function (o) {
            return (o.ename + ": " + o.evalue + "\n" + (o.traceback || []).join("\n")).slice(0, 3000);
          }),
        stderr: outputs
          .filter(function (o) {
            return o.output_type === "stream" && o.name === "stderr";
          })
          .map(function (o) {
            return joined(o.text).slice(0, 3000);
          }),
        text: Array.from(el.querySelectorAll(".jp-OutputArea-output")).map(text).join("\n"),
        tables: Array.from(el.querySelectorAll("table")).map(function (t) {
          return t.rows.length;
        }),
        images: Array.from(el.querySelectorAll("img")).map(function (im) {
          var r = im.getBoundingClientRect();
          return { decoded: im.complete && im.naturalWidth > 0, w: r.width, h: r.height };
        }),
        svgs: Array.from(el.querySelectorAll(".jp-RenderedSVG svg")).map(function (s) {
          var r = s.getBoundingClientRect();
          return { decoded: s.querySelector("path, text, use, image") !== null, w: r.width, h: r.height };
        }),
        bars: Array.from(el.querySelectorAll("progress")).map(function (b) {
          return Number(b.value);
        }),
      };
    });
    var events = log.events.map(function (e) {
      return { kind: e.kind, cell: e.cell, type: e.type, progress: e.progress, bars: e.bars, display: log.displayIds[e.html] || "" };
    });
    return { cells: out, events: events };
  };

  function fingerprint(s) {
    var h = 0;
    for (var k = 0; k < s.length; k++) h = (h * 31 + s.charCodeAt(k)) | 0;
    return s.length + ":" + h;
  }

  // coevoWidgets reports what a cell's widgets show: that the widget
  // manager drew them, its sliders (value as read out), dropdowns, and the
  // pictures its output areas draw (with a fingerprint of each, to tell a
  // redraw).
  window.coevoWidgets = function (i) {
    var c = cells()[i];
    var area = c.outputArea.node;
    var views = area.querySelectorAll(".jupyter-widgets");
    return {
      manager: !!area.querySelector(".jp-OutputArea-output .jupyter-widgets, .widget-subarea, .lm-Widget.jupyter-widgets"),
      shown: views.length > 0 && Array.from(views).some(function (v) {
        return v.getBoundingClientRect().height > 0;
      }),
      sliders: area.querySelectorAll(".widget-slider .noUi-handle, .widget-hslider .noUi-handle").length,
      readouts: Array.from(area.querySelectorAll(".widget-readout")).map(function (r) {
        return r.textContent;
      }),
      dropdowns: Array.from(area.querySelectorAll(".jupyter-widgets select")).map(function (s) {
        return s.value || "";
      }),
      images: Array.from(area.querySelectorAll(".widget-output img, .widget-output svg")).map(function (im) {
        var r = im.getBoundingClientRect();
        if (im.tagName.toLowerCase() === "img") {
          return { decoded: im.complete && im.naturalWidth > 0, w: r.width, h: r.height, print: fingerprint(im.src) };
        }
        return { decoded: im.querySelector("path, text, use, image") !== null, w: r.width, h: r.height, print: fingerprint(im.outerHTML) };
      }),
      text: text(area).replace(/\s+/g, " ").slice(0, 3000),
      errors: Array.from(area.querySelectorAll(".jupyter-widgets .jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr'], .jupyter-widgets-output-area .jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']")).map(text),
    };
  };

  // coevoMark gives an element an id the test can aim the mouse and the
  // keyboard at: the sel-th match of a selector within cell i's outputs
  // (i < 0: in the whole page). It returns whether there was one.
  window.coevoMark = function (i, sel, n, id) {
    var old = document.getElementById(id);
    if (old) old.removeAttribute("id");
    var root = i < 0 ? document : cells()[i].outputArea.node;
    var el = root.querySelectorAll(sel)[n || 0];
    if (!el) return false;
    el.id = id;
    el.scrollIntoView({ block: "center" });
    return true;
  };

  // coevoEditor gives cell i's editor the id id, for the mouse.
  window.coevoEditor = function (i, id) {
    var old = document.getElementById(id);
    if (old) old.removeAttribute("id");
    var e = cells()[i].node.querySelector(".cm-content");
    if (!e) return false;
    e.id = id;
    return true;
  };

  // coevoSelect selects cell i in command mode, as a click on its prompt
  // does, so that keys go to the notebook.
  window.coevoSelect = function (i) {
    var p = panel();
    p.content.mode = "command";
    p.content.activeCellIndex = i;
    p.content.deselectAll();
    p.content.activeCell.node.scrollIntoView({ block: "center" });
    p.content.node.focus();
    return p.content.activeCellIndex === i;
  };
})();
