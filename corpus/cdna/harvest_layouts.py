#!/usr/bin/python3
"""Record where every MFMA/SMFMAC matrix element lives in registers, for CDNA1
(gfx908), CDNA2 (gfx90a) and CDNA3 (gfx940; gfx941 and gfx942 are run too and
must give the same layouts), by running AMD's matrix instruction calculator
(`--matrix-layout --csv`) as a black-box tool.

Usage: /usr/bin/python3 harvest_layouts.py [CALC_DIR] [OUT]
  CALC_DIR defaults to ../../../shared/peers/amd_matrix_instruction_calculator
  relative to this script; OUT defaults to mfma_layouts.txt beside it.
The calculator needs python3-tabulate, which Debian's /usr/bin/python3 sees.

Queries per instruction: A, B, C, D (SMFMAC: A, B, D, K; the calculator has no
C matrix for SMFMAC) with no modifiers; A (MFMA) and A and K (SMFMAC) for every
(cbsz, abid) the calculator accepts; B for every blgp it accepts; on CDNA3's
f64 ops, where the calculator applies blgp to A, B and C, those three for
every blgp. Legal ranges come from the calculator's own range errors
(`--cbsz 99`, `--abid 99` per cbsz, `--blgp 99`) and are cross-checked against
mfma_facts.csv when that file is present.

Identical layouts are stored once (see the header of the output for the
format), and every no-modifier layout is checked to hold each element of its
matrix exactly once.
"""
import csv
import os
import re
import subprocess
import sys
from collections import Counter, OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))
CALC_DIR = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    HERE, '../../../shared/peers/amd_matrix_instruction_calculator')
OUT = sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, 'mfma_layouts.txt')
CALC = os.path.join(CALC_DIR, 'matrix_calculator.py')
PY = '/usr/bin/python3'
FACTS = os.path.join(HERE, 'mfma_facts.csv')
MAI_INC = os.path.join(HERE, '../../isa/tables/vop3p_mai.inc')

# (name recorded in the output, argument given to the calculator's -a)
ARCHS = [('gfx908', 'GFX908'), ('gfx90a', 'GFX90A'), ('gfx940', 'GFX940')]
# Run as well and required to equal gfx940 in every query.
CDNA3_TWINS = [('gfx941', 'GFX941'), ('gfx942', 'GFX942')]

RANGE_RE = re.compile(r'between (\d+) - (\d+)')
COL_RE = [
    (re.compile(r'^v(\d+)$'), lambda m: (int(m[1]), 0, 32)),
    (re.compile(r'^v\[(\d+):(\d+)\]$'),
     lambda m: (int(m[2]), 0, 32 * (int(m[1]) - int(m[2]) + 1))),
    (re.compile(r'^v(\d+)\.\[(\d+):(\d+)\]$'),
     lambda m: (int(m[1]), int(m[3]), int(m[2]) - int(m[3]) + 1)),
]
ELEM_RE = re.compile(r'^(-?)([ABCDK])\[(\d+)\]\[(\d+)\](?:\.B(\d+))?$')


class CalcError(Exception):
    pass


def run(args):
    p = subprocess.run([PY, CALC] + args, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def list_insts(arch_arg):
    rc, out, err = run(['-a', arch_arg, '-L'])
    if rc != 0:
        raise RuntimeError(err)
    return [l.strip() for l in out.splitlines()[1:] if l.strip()]


def detail(arch_arg, inst):
    """The few --detail-instruction fields used here (key -> value)."""
    rc, out, err = run(['-a', arch_arg, '-i', inst, '-d'])
    if rc != 0:
        raise RuntimeError(err)
    d = {}
    for line in out.splitlines():
        s = line.strip()
        if ':' in s:
            k, v = s.split(':', 1)
            d.setdefault(k.strip(), v.strip())
    return d


def range_max(arch_arg, inst, extra):
    """Largest legal value of a modifier, from the calculator's range error for
    an out-of-range value (0 when it says the value may only be zero); None
    when the calculator rejects the modifier."""
    rc, out, err = run(['-a', arch_arg, '-i', inst, '--matrix-layout', '-c'] + extra)
    msg = ' '.join((out + err).split())
    if rc == 0:
        raise RuntimeError(f'{inst} accepted out-of-range {extra}')
    m = RANGE_RE.search(msg)
    if m:
        return int(m.group(2))
    return 0 if 'may only be set to zero' in msg else None


def parse_col(name):
    for rx, f in COL_RE:
        m = rx.match(name)
        if m:
            return f(m)
    raise ValueError(f'unknown register column {name!r}')


def parse_cell(text, letter):
    toks = text.split()
    if not toks:
        return '-'
    out = []
    for t in toks:
        m = ELEM_RE.match(t)
        if not m:
            raise ValueError(f'unknown matrix element {t!r}')
        if m[2] != letter:
            raise ValueError(f'element {t!r} in a {letter} layout')
        out.append(f'{m[1]}{m[5] or 0}.{m[3]}.{m[4]}')
    return '+'.join(out)


def layout(arch_arg, inst, matrix, extra):
    """Run one --matrix-layout query. Returns (cols, rows) with cols a tuple of
    (gpr, lo, width) and rows a tuple of (lane, cell, ...) strings."""
    flag = {'A': '-A', 'B': '-B', 'C': '-C', 'D': '-D', 'K': '-k'}[matrix]
    rc, out, err = run(['-a', arch_arg, '-i', inst, flag, '--matrix-layout', '-c'] + extra)
    if rc != 0 or 'lane,' not in out:
        raise CalcError(' '.join((out + err).split()))
    lines = out.splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith('lane,'))
    table = list(csv.reader(l for l in lines[start:] if l.strip()))
    cols = tuple(parse_col(c) for c in table[0][1:])
    rows = []
    for r in table[1:]:
        assert len(r) == len(cols) + 1, (inst, matrix, extra, r)
        rows.append((int(r[0]),) + tuple(parse_cell(c, matrix) for c in r[1:]))
    lanes = [r[0] for r in rows]
    assert lanes == sorted(set(lanes)) and all(0 <= l < 64 for l in lanes), (inst, matrix)
    return cols, tuple(rows)


def harvest_arch(arch_arg, log):
    """All layouts of one architecture: (insts, queries, notes) where insts maps
    mnemonic -> (M, N, K, blocks, kind) and queries is a list of
    ((mnemonic, matrix, cbsz, abid, blgp), (cols, rows))."""
    insts = OrderedDict()
    queries = []
    notes = []
    for inst in list_insts(arch_arg):
        d = detail(arch_arg, inst)
        sparse = d.get('Sparse A matrix') == 'True'
        kind = 'SMFMAC' if sparse else 'MFMA'
        insts[inst] = (int(d['M']), int(d['N']), int(d['K']), int(d['blocks']), kind)
        f64 = d.get('Src0', '').startswith('FP64')
        mats = ['A', 'B', 'D', 'K'] if sparse else ['A', 'B', 'C', 'D']
        for mat in mats:
            queries.append(((inst, mat, 0, 0, 0), layout(arch_arg, inst, mat, [])))
        ranges = {}
        cbsz_max = range_max(arch_arg, inst, ['-A', '--cbsz', '99'])
        if cbsz_max is not None:
            ranges['cbsz'] = cbsz_max
            abid_max = {}
            for cb in range(cbsz_max + 1):
                am = range_max(arch_arg, inst, ['-A', '--cbsz', str(cb), '--abid', '99'])
                abid_max[cb] = am
            ranges['abid'] = abid_max
            for mat in (['A', 'K'] if sparse else ['A']):
                for cb in range(cbsz_max + 1):
                    for ab in range((abid_max[cb] or 0) + 1):
                        lay = layout(arch_arg, inst, mat, ['--cbsz', str(cb), '--abid', str(ab)])
                        queries.append(((inst, mat, cb, ab, 0), lay))
        blgp_max = range_max(arch_arg, inst, ['-B', '--blgp', '99'])
        if blgp_max is not None:
            ranges['blgp'] = blgp_max
            for mat in (['A', 'B', 'C'] if f64 else ['B']):
                for bg in range(blgp_max + 1):
                    try:
                        lay = layout(arch_arg, inst, mat, ['--blgp', str(bg)])
                    except CalcError:
                        notes.append(f'{inst} {mat} --blgp {bg}: refused')
                        continue
                    queries.append(((inst, mat, 0, 0, bg), lay))
            if f64:
                try:
                    layout(arch_arg, inst, 'D', ['--blgp', '1'])
                    raise RuntimeError(f'{inst}: D accepted --blgp')
                except CalcError:
                    notes.append(f'{inst} D --blgp 1: refused (blgp is taken for A, B, C only)')
        insts[inst] += (ranges,)
        log(f'{arch_arg} {inst}: {sum(1 for q in queries if q[0][0] == inst)} queries')
    return insts, queries, notes


def element_check(mnem, shape, matrix, rows):
    """Each element of the matrix exactly once; returns a message or ''."""
    M, N, K, blocks, kind = shape[:5]
    dims = {'A': (M, K), 'B': (K, N), 'C': (M, N), 'D': (M, N), 'K': (M, K)}[matrix]
    want = Counter(f'{b}.{r}.{c}' for b in range(1 if matrix == 'K' else blocks)
                   for r in range(dims[0]) for c in range(dims[1]))
    got = Counter(e for row in rows for cell in row[1:] if cell != '-'
                  for e in cell.split('+'))
    if got == want:
        return ''
    missing = sum((want - got).values())
    extra = sum((got - want).values())
    return f'{mnem} {matrix}: {missing} elements missing, {extra} extra/duplicated'


def check_llvm_names(arch_insts):
    """Compare calculator mnemonics (lower-cased) with isa/tables/vop3p_mai.inc."""
    if not os.path.exists(MAI_INC):
        return ['isa/tables/vop3p_mai.inc not found: names not compared']
    flags = {}
    for m in re.finditer(r'GCN_INST\((\w+),[^\n]*?,\s*(F_[\w|]+)\)', open(MAI_INC).read()):
        flags[m.group(1)] = set(m.group(2).split('|'))
    bad = []
    for arch, insts in arch_insts.items():
        for inst in insts:
            f = flags.get(inst.lower())
            if f is None:
                bad.append(f'{arch} {inst}: not in vop3p_mai.inc')
            elif arch == 'gfx940' and 'F_GFX940' not in f:
                bad.append(f'{arch} {inst}: vop3p_mai.inc row is not a GFX940 row')
            elif arch != 'gfx940' and 'F_NO_GFX940' not in f:
                bad.append(f'{arch} {inst}: vop3p_mai.inc row is a GFX940 row')
            elif arch == 'gfx908' and 'F_CDNA2' in f:
                bad.append(f'{arch} {inst}: vop3p_mai.inc row is CDNA2-only')
    return bad


def facts_check(arch_insts):
    """Cross-check the probed modifier ranges with mfma_facts.csv."""
    if not os.path.exists(FACTS):
        return []
    bad = []
    for r in csv.DictReader(open(FACTS)):
        insts = arch_insts.get(r['arch'])
        if insts is None:
            continue
        rg = insts[r['mnemonic']][5]
        mine = (str(rg['cbsz']) if 'cbsz' in rg else '',
                str(rg['abid'][rg['cbsz']]) if 'cbsz' in rg else '',
                str(rg['blgp']) if 'blgp' in rg else '')
        theirs = (r['cbsz_max'], r['abid_max'], r['blgp_max'])
        if mine != theirs:
            bad.append(f"{r['arch']} {r['mnemonic']}: probed {mine} vs mfma_facts.csv {theirs}")
    return bad


def main():
    log = lambda s: print(s, file=sys.stderr)
    rc, version, _ = run(['-v'])
    version = version.strip()
    per_arch = OrderedDict()
    notes = []
    for gfx, arg in ARCHS:
        insts, queries, n = harvest_arch(arg, log)
        per_arch[gfx] = (insts, queries)
        notes += [f'{gfx} {x}' for x in n]
    twin_lines = []
    for gfx, arg in CDNA3_TWINS:
        insts, queries, n = harvest_arch(arg, log)
        ref_insts, ref_queries = per_arch['gfx940']
        assert insts == ref_insts, f'{gfx} instruction list/shapes differ from gfx940'
        assert queries == ref_queries, f'{gfx} layouts differ from gfx940'
        twin_lines.append(f'{gfx}: {len(insts)} instructions, {len(queries)} queries, '
                          f'all identical to gfx940')

    # Deduplicate.
    ids = OrderedDict()
    uses = []
    for gfx, (insts, queries) in per_arch.items():
        for (inst, mat, cb, ab, bg), lay in queries:
            lid = ids.setdefault(lay, len(ids))
            uses.append((gfx, inst.lower(), mat, cb, ab, bg, lid))
    # Consistency: explicit (cbsz, abid) = (0, 0) and blgp 0 equal the no-modifier run.
    seen = {}
    for u in uses:
        key = u[:6]
        if key in seen:
            assert seen[key] == u[6], f'{u}: modifier 0 differs from no modifier'
        seen[key] = u[6]
    uses = list(OrderedDict(((u[:6]), u) for u in uses).values())

    # Element checks on no-modifier layouts.
    by_id = {v: k for k, v in ids.items()}
    exceptions = []
    for gfx, inst, mat, cb, ab, bg, lid in uses:
        if (cb, ab, bg) != (0, 0, 0):
            continue
        shape = per_arch[gfx][0][next(i for i in per_arch[gfx][0] if i.lower() == inst)]
        msg = element_check(inst, shape, mat, by_id[lid][1])
        if msg:
            exceptions.append(f'{gfx} {msg}')
    multi = sorted({f'{gfx} {inst} {mat}' for gfx, inst, mat, cb, ab, bg, lid in uses
                    if (cb, ab, bg) == (0, 0, 0)
                    and any('+' in c for row in by_id[lid][1] for c in row[1:])})
    arch_insts = OrderedDict((g, v[0]) for g, v in per_arch.items())
    name_bad = check_llvm_names(arch_insts)
    facts_bad = facts_check(arch_insts)
    assert not facts_bad, facts_bad

    total_q = sum(len(q) for _, q in per_arch.values())
    hdr = [
        'MFMA/SMFMAC register layouts, as printed by AMD Matrix Instruction',
        f'Calculator {version.split()[-1]} (--matrix-layout --csv); written by',
        'corpus/cdna/harvest_layouts.py (see README.md).',
        '',
        'Line kinds (whitespace-separated fields; "#" lines are comments):',
        '  inst <arch> <mnemonic> <M> <N> <K> <blocks> <MFMA|SMFMAC> <cbsz_max> <abid_max@cbsz0,..> <blgp_max>',
        '      (a "-" range: the calculator refuses that modifier for the instruction)',
        '  use <arch> <mnemonic> <matrix> <cbsz> <abid> <blgp> <layout id>',
        '  layout <id> <lanes> <ncols> <col1> ... <colN>',
        '      then exactly <lanes> lines: <lane> <cell1> ... <cellN>',
        'arch: gfx908 (CDNA1), gfx90a (CDNA2), gfx940 (CDNA3). mnemonic: the',
        "calculator's name lower-cased. matrix: A, B, C, D, or K (SMFMAC",
        'compression index, the Src2 VGPR). cbsz/abid/blgp: the modifier values',
        'given to the calculator; "use ... 0 0 0" is the run with no modifier.',
        'col = <gpr>:<lo>:<width>: register index within the operand tuple, first',
        'bit, bit width (a 64-bit cell, v[2n+1:2n], is 2n:0:64).',
        'Lanes the calculator does not print hold no element and are left out.',
        'cell = "-" (empty) or elements joined by "+"; element = <block>.<row>.<col>',
        '(A and K: row i, col k; B: row k, col j; C and D: row i, col j), with a',
        'leading "-" when the calculator shows the element negated.',
        'Several elements in one cell: with cbsz>0 one A value feeds several',
        "blocks; SMFMAC A and K cells list the 4 k positions of a 4:2 group.",
        '',
        'Queries: per instruction A, B, C, D with no modifier (SMFMAC: A, B, D, K;',
        'the calculator has no C matrix for SMFMAC); A for every (cbsz, abid) and',
        'B for every blgp the calculator accepts (SMFMAC: A and K for every',
        '(cbsz, abid); no blgp); CDNA3 f64: A, B and C for every blgp (the',
        'calculator applies blgp there as a negation of A (bit 0), B (bit 1),',
        'C (bit 2); it refuses blgp on D).',
        f'gfx941 and gfx942 were run with the same queries; they gave identical',
        f'instruction lists, shapes and layouts to gfx940 and are not listed:',
    ] + ['  ' + t for t in twin_lines] + [
        'Counts (a query with an explicit zero modifier is checked equal to the',
        'no-modifier query and shares its use line):',
    ] + [f'  {g}: {len(v[0])} instructions, {len(v[1])} queries, '
         f'{sum(1 for u in uses if u[0] == g)} use lines, '
         f'{len({ids[l] for _, l in v[1]})} distinct layouts' for g, v in per_arch.items()] + [
        f'  total: {total_q} queries, {len(uses)} use lines, {len(ids)} distinct layouts',
        '',
        'Checks: every no-modifier layout holds each element of its matrix',
        '(A M*K*blocks, B K*N*blocks, C/D M*N*blocks, K M*K) exactly once, with',
        'exceptions: ' + ('none' if not exceptions else ''),
    ] + ['  ' + e for e in exceptions] + [
        'No-modifier layouts with multi-element cells: ' + ('none' if not multi else ''),
    ] + ['  ' + m for m in multi] + [
        'Mnemonics vs isa/tables/vop3p_mai.inc (present, on the right arch): '
        + ('all match' if not name_bad else ''),
    ] + ['  ' + b for b in name_bad] + [
        'Modifier ranges agree with mfma_facts.csv (cbsz_max, abid_max, blgp_max).',
        'Calculator refusals:' + ('' if notes else ' none'),
    ] + ['  ' + n for n in notes]

    out = [('# ' + h).rstrip() for h in hdr]
    for gfx, (insts, _) in per_arch.items():
        for inst, (M, N, K, blocks, kind, rg) in insts.items():
            cb = str(rg['cbsz']) if 'cbsz' in rg else '-'
            ab = ','.join(str(rg['abid'][c]) if rg['abid'][c] is not None else '-'
                          for c in sorted(rg['abid'])) if 'cbsz' in rg else '-'
            bg = str(rg['blgp']) if 'blgp' in rg else '-'
            out.append(f'inst {gfx} {inst.lower()} {M} {N} {K} {blocks} {kind} {cb} {ab} {bg}')
    for u in uses:
        out.append('use ' + ' '.join(str(x) for x in u))
    for (cols, rows), lid in ids.items():
        out.append(f'layout {lid} {len(rows)} {len(cols)} '
                   + ' '.join(f'{g}:{lo}:{w}' for g, lo, w in cols))
        for r in rows:
            out.append(' '.join(str(x) for x in r))
    with open(OUT, 'w') as f:
        f.write('\n'.join(out) + '\n')
    log(f'{len(uses)} uses, {len(ids)} layouts -> {OUT}')


if __name__ == '__main__':
    main()
