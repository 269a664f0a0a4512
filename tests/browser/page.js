// Installed into the classic Notebook page by tests/browser: it records how
// outputs arrive (appended or updated in place) and reports what the page
// shows as plain data for the Go test to check.
(function () {
  if (window.coevo) return;
  var nb = Jupyter.notebook;
  var log = (window.coevo = { events: [], dead: false });

  function cellOf(area) {
    return nb.get_cells().findIndex(function (c) {
      return c.output_area === area;
    });
  }
  // Each output added or updated, with the progress bars its cell shows
  // right after it.
  function record(kind) {
    return function (ev, d) {
      var bars = d.output_area.element.find("progress");
      log.events.push({
        kind: kind,
        cell: cellOf(d.output_area),
        type: d.output.output_type,
        display: (d.output.transient || {}).display_id || "",
        progress: /<progress/.test((d.output.data || {})["text/html"] || ""),
        bars: bars.map(function () {
          return Number(this.value);
        }).get(),
      });
    };
  }
  nb.events.on("output_added.OutputArea", record("add"));
  nb.events.on("output_updated.OutputArea", record("update"));
  // A kernel that restarts by itself has died.
  var died = "kernel_dead.Kernel kernel_killed.Kernel kernel_restarting.Kernel kernel_connection_failed.Kernel";
  nb.events.on(died, function () {
    log.dead = true;
  });

  function texts(el, sel) {
    return el.find(sel).map(function () {
      return $(this).text().slice(0, 3000);
    }).get();
  }

  // status tells whether the notebook is still running.
  window.coevoStatus = function () {
    var icon = $("#kernel_indicator_icon");
    return {
      running: nb.get_cells().filter(function (c) {
        return c.cell_type === "code" && c.input_prompt_number === "*";
      }).length,
      idle: icon.hasClass("kernel_idle_icon"),
      status: icon.attr("title") || icon.attr("class") || "",
      dead: log.dead || icon.hasClass("kernel_dead_icon"),
      dialog: $(".modal:visible").text().replace(/\s+/g, " ").trim(),
    };
  };

  // state reports the page: the kernel's status and each code cell's
  // prompt, outputs (as the page received them) and what it renders.
  window.coevoState = function () {
    var cells = nb.get_cells().map(function (c, i) {
      if (c.cell_type !== "code") return { index: i, type: c.cell_type };
      var el = c.output_area.element;
      return {
        index: i,
        type: "code",
        source: c.get_text(),
        prompt: c.input_prompt_number == null ? "" : String(c.input_prompt_number),
        outputs: c.output_area.outputs.map(function (o) {
          var text = o.text || (o.data && o.data["text/plain"]) || "";
          return {
            type: o.output_type,
            name: o.name || "",
            mimes: Object.keys(o.data || {}),
            table: /<table/i.test((o.data || {})["text/html"] || ""),
            ename: o.ename || "",
            evalue: o.evalue || "",
            text: String(text).slice(0, 3000),
          };
        }),
        errors: texts(el, ".output_error"),
        stderr: texts(el, ".output_stderr"),
        text: el.text().slice(0, 3000),
        tables: el.find("table").map(function () {
          return this.rows.length;
        }).get(),
        images: el.find("img").map(function () {
          var r = this.getBoundingClientRect();
          return { decoded: this.complete && this.naturalWidth > 0, w: r.width, h: r.height };
        }).get(),
        svgs: el.find(".output_svg svg").map(function () {
          var r = this.getBoundingClientRect();
          return { decoded: this.querySelector("path, text, use, image") !== null, w: r.width, h: r.height };
        }).get(),
        bars: el.find("progress").map(function () {
          return Number(this.value);
        }).get(),
      };
    });
    return { cells: cells, events: log.events };
  };

  // widgets reports what a cell's widget area shows: the widget manager
  // loaded, its sliders (value as read out), dropdowns, and the pictures
  // its output areas draw (with a fingerprint of each, to tell a redraw).
  window.coevoWidgets = function (i) {
    var c = nb.get_cell(i);
    var area = c.element.find(".widget-area");
    function fingerprint(s) {
      var h = 0;
      for (var k = 0; k < s.length; k++) h = (h * 31 + s.charCodeAt(k)) | 0;
      return s.length + ":" + h;
    }
    return {
      manager: !!(window.Jupyter && Jupyter.WidgetManager) || require.defined("nbextensions/jupyter-js-widgets/extension"),
      shown: area.is(":visible"),
      sliders: area.find(".widget-slider .ui-slider").length,
      readouts: area.find(".widget-readout").map(function () {
        return $(this).text();
      }).get(),
      dropdowns: area.find("select").map(function () {
        return $(this).val() || "";
      }).get(),
      images: area.find("img, .output_svg svg").map(function () {
        var r = this.getBoundingClientRect();
        if (this.tagName.toLowerCase() === "img") {
          return { decoded: this.complete && this.naturalWidth > 0, w: r.width, h: r.height, print: fingerprint(this.src) };
        }
        return { decoded: this.querySelector("path, text, use, image") !== null, w: r.width, h: r.height, print: fingerprint(this.outerHTML) };
      }).get(),
      text: area.text().replace(/\s+/g, " ").slice(0, 3000),
    };
  };
})();
