#!/usr/bin/env bash
# Install the system packages that the test suite needs beyond Python packages.
#
#   bash scripts/install-test-deps.sh            # everything in the list below
#   bash scripts/install-test-deps.sh postgresql # only the packages named
#
# Each package is installed only when its check fails, so running this again
# changes nothing; `apt-get update` runs only when something must be installed
# and the package lists are missing or too old for it.
# Installing needs root (as on CI); otherwise the script says what to run.
set -euo pipefail

# One list for the whole suite: "debian-package|shell test that it is installed".
PACKAGES=(
    # PostgreSQL server binaries (initdb, pg_ctl, postgres) for tests/pg_cluster.py.
    "postgresql|compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || command -v initdb >/dev/null"
    # Chromium for the browser tests (Playwright drives it; it cannot download its own).
    "chromium|command -v chromium >/dev/null || command -v chromium-browser >/dev/null"
)

wanted=("$@")
for name in "${wanted[@]}"; do
    if ! printf '%s\n' "${PACKAGES[@]}" | grep -q "^$name|"; then
        echo "install-test-deps: unknown package '$name'; known: $(printf '%s ' "${PACKAGES[@]%%|*}")" >&2
        exit 2
    fi
done
missing=()
for entry in "${PACKAGES[@]}"; do
    package="${entry%%|*}"
    check="${entry#*|}"
    if [ "${#wanted[@]}" -gt 0 ] && [[ ! " ${wanted[*]} " == *" $package "* ]]; then
        continue
    fi
    if bash -c "$check"; then
        echo "install-test-deps: $package is already installed"
    else
        missing+=("$package")
    fi
done

if [ "${#missing[@]}" -eq 0 ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "install-test-deps: missing ${missing[*]}; run as root: apt-get update && apt-get install -y ${missing[*]}" >&2
    if [ "${CI:-}" = "true" ]; then
        exit 1
    fi
    echo "install-test-deps: the tests that need them will be skipped, each saying why" >&2
    exit 0
fi
echo "install-test-deps: installing ${missing[*]} with apt-get"
export DEBIAN_FRONTEND=noninteractive
install() { apt-get install -y -qq --no-install-recommends "${missing[@]}"; }
# Read the package lists first only when there are none; when the ones there are
# too old to install from, read them again and retry once.
if ! compgen -G '/var/lib/apt/lists/*_Packages*' >/dev/null; then
    echo "install-test-deps: no package lists yet: apt-get update"
    apt-get update -qq
fi
if ! install; then
    echo "install-test-deps: install failed; apt-get update, then once more"
    apt-get update -qq
    install
fi
