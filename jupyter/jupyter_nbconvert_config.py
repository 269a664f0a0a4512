# nbconvert's configuration in build/venv (make jupyter-deps links it into
# build/venv/etc/jupyter, where that environment's Jupyter reads its
# configuration): every HTML export (the lab, classic and reveal templates)
# draws the notebook's widgets offline, with the widget manager from npm
# that make jupyter-deps installs into build/widgets inline in the page,
# through jupyter/templates/base/jupyter_widgets.html.j2.
import os

import markupsafe

here = os.path.dirname(os.path.realpath(__file__))  # jupyter/ of the checkout
manager = os.path.join(os.path.dirname(here), "build", "widgets", "node_modules", "@jupyter-widgets", "html-manager", "dist")


def coevo_widget_manager(name):
    """The script tag of the widget manager's bundle name, inline."""
    with open(os.path.join(manager, name), encoding="utf-8") as f:
        js = f.read()
    # Inside a script tag, "</script" would end it.
    js = js.replace("</script", "<\\/script").replace("</SCRIPT", "<\\/SCRIPT")
    return markupsafe.Markup("<script>\n" + js + "\n</script>")


if os.path.exists(os.path.join(manager, "embed.js")):
    # After the current directory (nbconvert's default, for templates of
    # one's own), before nbconvert's templates.
    c.TemplateExporter.extra_template_basedirs = [os.getcwd(), os.path.join(here, "templates")]
    c.TemplateExporter.filters = {"coevo_widget_manager": coevo_widget_manager}
else:
    print("coevo: %s is missing (make jupyter-deps installs it): HTML exports load the widget manager from a CDN" % manager)
