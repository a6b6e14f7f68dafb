#!/usr/bin/env python3
"""Check whether llvm-mc-19 treats gfx940, gfx941 and gfx942 identically for every probe line
of llvm19_mfma.csv and llvm19_other.csv (status + encoding + printed text)."""
import os as _os
HERE = _os.path.dirname(_os.path.abspath(__file__))
import csv
import sys
sys.path.insert(0, HERE)
from mcprobe import assemble  # noqa: E402

for fn in ('llvm19_mfma.csv', 'llvm19_other.csv'):
    texts = sorted({r['input'] for r in csv.DictReader(open(_os.path.join(HERE, '') + fn))})
    res = {c: assemble(texts, c) for c in ('gfx940', 'gfx941', 'gfx942')}
    for c in ('gfx941', 'gfx942'):
        diffs = [(t, a, b) for t, a, b in zip(texts, res['gfx940'], res[c])
                 if (a['status'], a['encoding'], a['asm_print'], a['error']) != (b['status'], b['encoding'], b['asm_print'], b['error'])]
        print(f'{fn}: {len(texts)} lines, gfx940 vs {c}: {len(diffs)} differences')
        for t, a, b in diffs[:20]:
            print('   ', t, '|', a['status'], a['error'], '|', b['status'], b['error'])
