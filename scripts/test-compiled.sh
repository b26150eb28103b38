#!/usr/bin/env bash
# Run the engine's tests against the mypyc-compiled engine.
#
#   bash scripts/test-compiled.sh [PYTHON]     # PYTHON: default .venv/bin/python
#
# The engine is compiled in a copy of the sources in a temporary folder (compiled
# modules beside the sources would shadow every later edit), then the rules,
# conformance, event, table, fuzz and bot tests run with that copy first on the
# path. Needs a C compiler; without one it says so (and fails only in CI).
set -euo pipefail
cd "$(dirname "$0")/.."
python="${1:-.venv/bin/python}"
python="$(cd "$(dirname "$python")" && pwd)/$(basename "$python")"
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
cp -r src setup.py pyproject.toml README.md MANIFEST.in "$build"/
if ! command -v "${CC:-cc}" >/dev/null 2>&1; then
    echo "test-compiled: no C compiler (${CC:-cc}); the compiled engine is not tested" >&2
    [ "${CI:-}" = "true" ] && exit 1
    exit 0
fi
echo "test-compiled: compiling the engine with mypyc in $build (a minute or two)"
(cd "$build" && "$python" setup.py -q build_ext --inplace >/dev/null)
PYTHONPATH="$build/src" "$python" -c '
import parlour, sys
if not parlour.compiled():
    sys.exit("test-compiled: the engine did not compile (see the notes above)")
print("test-compiled: running the engine tests on the compiled engine")
'
PYTHONPATH="$build/src" "$python" -m pytest -p no:cacheprovider -m "not slow" \
    tests/test_conformance.py tests/test_golden.py tests/test_core.py \
    tests/test_record_upgrade.py tests/test_events.py tests/test_table.py \
    tests/test_fuzz.py tests/test_bots.py tests/test_scoring_properties.py \
    tests/test_dracula.py tests/test_dracula_partnership.py tests/test_thracula.py \
    tests/test_colour_blind.py tests/test_nain_jaune.py tests/test_casino.py
