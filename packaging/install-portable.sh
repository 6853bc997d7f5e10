#!/bin/sh
# Installs the portable Gridpress into PREFIX (default ~/.local): the
# program, the menu entry, the icon, the project file type, the manual page
# and shell completions. Uninstall: PREFIX=… ./install.sh --remove
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prefix=${PREFIX:-$HOME/.local}
files=$(cd "$here" && find bin share -type f)
if [ "${1:-}" = "--remove" ]; then
    for f in $files; do rm -f "$prefix/$f"; done
else
    for f in $files; do
        mkdir -p "$(dirname "$prefix/$f")"
        cp "$here/$f" "$prefix/$f"
    done
fi
command -v update-mime-database >/dev/null && update-mime-database "$prefix/share/mime" || true
command -v update-desktop-database >/dev/null && update-desktop-database "$prefix/share/applications" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$prefix/share/icons/hicolor" || true
echo "gridpress: ${1:-installed} in $prefix (make sure $prefix/bin is on your PATH)"
