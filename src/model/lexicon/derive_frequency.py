#!/usr/bin/env python3
"""Derives the shipped frequency lists (frequency-de.txt, frequency-en.txt)
from the data of the `wordfreq` package (3.1.1; data CC BY-SA 4.0, see
README.md in this folder).

Every word of letters only with a Zipf frequency of at least MIN_ZIPF is
kept, grouped under a `zipf N.N` line per tenth, most frequent first, in
wordfreq's own (lower-case) spelling. Zipf = log10 of the frequency per
billion words: 6 is "und"/"the", 3 a word of everyday text, 2 a rare one.

    pip install wordfreq==3.1.1
    python3 src/model/lexicon/derive_frequency.py
"""
import math
import os
import unicodedata

import wordfreq

# Words below zipf 2.0 are rare enough to count as unknown: the fill
# treats a missing word as "rare", and keeping them would triple the files
# (de: 171k words at 2.0, 331k at 1.5).
MIN_ZIPF = 2.0
HERE = os.path.dirname(os.path.abspath(__file__))

for lang in ("de", "en"):
    buckets = {}
    for word, freq in wordfreq.get_frequency_dict(lang).items():
        word = unicodedata.normalize("NFC", word)
        if not word.isalpha():
            continue
        zipf = math.log10(freq * 1e9)
        if zipf < MIN_ZIPF:
            continue
        tenth = math.floor(zipf * 10 + 1e-9)
        buckets.setdefault(tenth, set()).add(word)
    path = os.path.join(HERE, f"frequency-{lang}.txt")
    with open(path, "w", encoding="utf-8") as out:
        out.write(f"# wordfreq {wordfreq.__version__ if hasattr(wordfreq, '__version__') else '3.1.1'}"
                  f" ({lang}), CC BY-SA 4.0; derived by derive_frequency.py\n")
        for tenth in sorted(buckets, reverse=True):
            out.write(f"zipf {tenth / 10:.1f}\n")
            for word in sorted(buckets[tenth]):
                out.write(word + "\n")
    print(path, sum(len(b) for b in buckets.values()))
