# nbconvert's configuration in build/venv (make jupyter-deps links it into
# build/venv/etc/jupyter, where that environment's Jupyter reads its
# configuration): HTML exports draw the notebook's widgets offline, with the
# template jupyter/templates/coevo and the widget manager from npm that
# make jupyter-deps installs into build/widgets.
import os

here = os.path.dirname(os.path.realpath(__file__))  # jupyter/ of the checkout
root = os.path.dirname(here)
manager = os.path.join(root, "build", "widgets", "node_modules", "@jupyter-widgets", "html-manager", "dist")

if os.path.exists(os.path.join(manager, "embed.js")):
    c.HTMLExporter.extra_template_basedirs = [os.path.join(here, "templates")]
    c.HTMLExporter.extra_template_paths = [manager]
    c.HTMLExporter.template_name = "coevo"
else:
    print("coevo: %s is missing (make jupyter-deps installs it): HTML exports load the widget manager from a CDN" % manager)
