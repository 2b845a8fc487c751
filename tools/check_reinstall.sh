# Install mrflit into a fresh venv (not editable), fit once, uninstall, then install it editable: no
# compiled-kernel cache may be left in site-packages, and the editable install must import (issue 60, item 6).
# Outside CI (it needs pip and a minute): bash tools/check_reinstall.sh [DEPS_SITE_PACKAGES]
# DEPS_SITE_PACKAGES holds the dependencies (default: /tmp/venv's).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
deps=${1:-/tmp/venv/lib/python3.11/site-packages}
venv=$(mktemp -d)/venv
python3 -m venv "$venv"
pip=("$venv/bin/pip" install -q --no-deps)
"${pip[@]}" "$repo"
site=$("$venv/bin/python" -c "import site; print(site.getsitepackages()[0])")
fit="from mrflit import IsingLasso, geng_network, sample_exact
X = sample_exact(geng_network(5, seed=1), 200, seed=1)
print('fitted:', IsingLasso(0.1).fit(X).converged_)"
(cd /tmp && PYTHONPATH="$deps" "$venv/bin/python" -c "$fit")
left=$(find "$site/mrflit" -name "*.nb[ic]" | wc -l)
echo "compiled-kernel files in site-packages: $left"
test "$left" -eq 0
"$venv/bin/pip" uninstall -y -q mrflit
test ! -e "$site/mrflit"
echo "after uninstall: no $site/mrflit"
"${pip[@]}" -e "$repo"
(cd /tmp && PYTHONPATH="$deps" "$venv/bin/python" -c "import mrflit.ising_lasso as m; print('editable:', m.__file__)")
echo "reinstall check: passed"
