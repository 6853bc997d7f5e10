#!/usr/bin/env bash
# Builds Gridpress's Debian package and its portable archive from a built
# binary: packaging/build-package.sh [BINARY] [OUTDIR]
#   BINARY  default target/release/gridpress (built first when missing)
#   OUTDIR  default target/package
#   COMPRESS=none  leaves both uncompressed (the test's quick run)
# Writes OUTDIR/gridpress_VERSION_ARCH.deb and
# OUTDIR/gridpress-VERSION-linux-MACHINE.tar.gz (.tar with COMPRESS=none);
# OUTDIR/stage holds the installed tree. Same inputs, same bytes
# (SOURCE_DATE_EPOCH from the last commit, or 0).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/gridpress}
out=${2:-target/package}
compress=${COMPRESS:-default}
if [ ! -x "$bin" ]; then
    cargo build --release
fi
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}
version=$("$bin" --version | awk '{print $2}')
arch=$(dpkg --print-architecture 2>/dev/null || echo amd64)
stage="$out/stage"
rm -rf "$stage"
mkdir -p "$stage"

# The program and what the desktop needs to offer it.
install -Dm755 "$bin" "$stage/usr/bin/gridpress"
install -Dm644 packaging/gridpress.desktop "$stage/usr/share/applications/gridpress.desktop"
install -Dm644 packaging/gridpress-mime.xml "$stage/usr/share/mime/packages/gridpress.xml"
install -Dm644 packaging/gridpress.svg "$stage/usr/share/icons/hicolor/scalable/apps/gridpress.svg"
for png in packaging/icons/*/gridpress.png; do
    size=$(basename "$(dirname "$png")")
    install -Dm644 "$png" "$stage/usr/share/icons/hicolor/$size/apps/gridpress.png"
done

# The manual page and shell completions, from the program itself.
mkdir -p "$stage/usr/share/man/man1" "$stage/usr/share/bash-completion/completions" \
    "$stage/usr/share/zsh/vendor-completions" "$stage/usr/share/fish/vendor_completions.d"
"$bin" man | gzip -9n > "$stage/usr/share/man/man1/gridpress.1.gz"
"$bin" completions bash > "$stage/usr/share/bash-completion/completions/gridpress"
"$bin" completions zsh > "$stage/usr/share/zsh/vendor-completions/_gridpress"
"$bin" completions fish > "$stage/usr/share/fish/vendor_completions.d/gridpress.fish"

# Licences and data sources.
doc="$stage/usr/share/doc/gridpress"
install -Dm644 packaging/copyright "$doc/copyright"
install -Dm644 README.md "$doc/README.md"
install -Dm644 LICENSE-MIT "$doc/licences/LICENSE-MIT"
install -Dm644 LICENSE-APACHE "$doc/licences/LICENSE-APACHE"
install -Dm644 fonts/OFL.txt "$doc/licences/OFL.txt"
install -Dm644 fonts/RobotoCondensed-LICENSE.txt "$doc/licences/RobotoCondensed-LICENSE.txt"
install -Dm644 profiles/README.md "$doc/licences/FOGRA39L.md"
install -Dm644 docs/licences/hyphenation-patterns.md "$doc/licences/hyphenation-patterns.md"
install -Dm644 src/model/lexicon/README.md "$doc/licences/word-data.md"
find "$stage" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

# The Debian package: the libraries the app opens at run time (X11 or
# Wayland, OpenGL) as dependencies; file dialogs, word lists and thesauri
# as suggestions. Menu, icon and MIME caches update by dpkg triggers.
mkdir -p "$stage/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat > "$stage/DEBIAN/control" <<CONTROL
Package: gridpress
Version: $version
Architecture: $arch
Maintainer: The Gridpress developers <gridpress@localhost>
Installed-Size: $size
Depends: libc6, libgcc-s1, libgl1 | libegl1, libxkbcommon0, libx11-6 | libwayland-client0
Recommends: libxkbcommon-x11-0, libxcursor1, libxi6, libxrandr2, libx11-xcb1, xdg-desktop-portal
Suggests: openthesaurus-de-text, mythes-en-us, wordnet-base, wngerman, wamerican
Section: text
Priority: optional
Homepage: https://github.com/gridpress/gridpress
Description: word puzzles for print
 Gridpress makes word searches, word rectangles (fill-ins) and Swedish
 puzzles (arrow-words) from the editor's vocabularies, keeps every rule
 (offensive words, sensitive terms, direction shares, unique fill-ins),
 verifies each puzzle independently and exports print-ready PDF (PDF/X-1a,
 PDF/X-4) with answer keys. Desktop app and command line.
CONTROL
touch -h -d "@$SOURCE_DATE_EPOCH" "$stage/DEBIAN" "$stage/DEBIAN/control"
deb="$out/gridpress_${version}_${arch}.deb"
case $compress in
    none) dpkg-deb --root-owner-group -Znone --build "$stage" "$deb" >/dev/null ;;
    *) dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null ;;
esac

# The portable archive: the same files under one folder, with an installer
# into ~/.local (or PREFIX).
name="gridpress-$version-linux-$(uname -m)"
portable="$out/$name"
rm -rf "$portable"
mkdir -p "$portable"
cp -a "$stage/usr/." "$portable/"
install -m755 packaging/install-portable.sh "$portable/install.sh"
touch -h -d "@$SOURCE_DATE_EPOCH" "$portable/install.sh" "$portable"
tar_args=(--sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner -C "$out")
case $compress in
    none) tar "${tar_args[@]}" -cf "$out/$name.tar" "$name" ;;
    *) tar "${tar_args[@]}" -cf - "$name" | gzip -9n > "$out/$name.tar.gz" ;;
esac
rm -rf "$portable"
echo "$deb"
ls "$out/$name".tar* 
