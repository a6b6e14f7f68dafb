#!/usr/bin/env python3
"""Probe llvm-mc-19 (and, for comparison, llvm-mc-16) with every MFMA/SMFMAC mnemonic
known to the AMD matrix calculator (from mfma_facts.csv) plus every v_mfma*/
v_smfmac* mnemonic string found in libLLVM-19 (aliases), on gfx908/gfx90a/gfx940/gfx942.

Outputs:
  llvm19_mfma.csv          one row per (cpu, mnemonic, operand shape, operand form)
  llvm19_mfma_summary.csv  one row per (cpu, mnemonic)
  gfx940_mfma_renames.csv  old (gfx908/gfx90a) name -> gfx940 name, alias acceptance
Run: python3 probe_llvm19.py   (requires mfma_facts.csv from harvest_calculator.py)
"""
import os as _os
HERE = _os.path.dirname(_os.path.abspath(__file__))
import csv
import re
import subprocess
import sys

sys.path.insert(0, HERE)
from mcprobe import assemble, cpu_known, disassemble, hexbytes  # noqa: E402

CPUS = ['gfx908', 'gfx90a', 'gfx940', 'gfx942']
FACTS = _os.path.join(HERE, 'mfma_facts.csv')
LIBLLVM19 = '/usr/lib/llvm-19/lib/libLLVM.so.19.1'


def norm(name):
    """Name key that identifies old-style and gfx940-style spellings of one operation."""
    n = re.sub(r'_(2|4|16)b_', '_', name)
    return n.replace('_', '')


def llvm_mnemonics():
    out = subprocess.run(['strings', '-n', '8', LIBLLVM19], capture_output=True, text=True).stdout
    return sorted({l.strip() for l in out.splitlines() if re.match(r'^v_s?mfma\w+\s*$', l)})


def reg(kind, base, n):
    return f'{kind}{base}' if n == 1 else f'{kind}[{base}:{base + n - 1}]'


def forms(mn, shape):
    dA, dB, dC, dD, sparse = shape
    A, B = reg('v', 32, dA), reg('v', 36, dB)
    aA, aB = reg('a', 32, dA), reg('a', 36, dB)
    Da, Dv = reg('a', 0, dD), reg('v', 0, dD)
    f = []
    if sparse:
        idx = 'v40'
        f.append(('acc_cd', f'{mn} {Da}, {A}, {B}, {idx}'))
        f.append(('vgpr_cd', f'{mn} {Dv}, {A}, {B}, {idx}'))
        f.append(('agpr_ab', f'{mn} {Da}, {aA}, {aB}, {idx}'))
        f.append(('agpr_index', f'{mn} {Da}, {A}, {B}, a40'))
        base = f'{mn} {Da}, {A}, {B}, {idx}'
    else:
        Ca, Cv = reg('a', 0, dC), reg('v', 0, dC)
        f.append(('acc_cd', f'{mn} {Da}, {A}, {B}, {Ca}'))
        f.append(('vgpr_cd', f'{mn} {Dv}, {A}, {B}, {Cv}'))
        f.append(('mixed_cd_Da_Cv', f'{mn} {Da}, {A}, {B}, {Cv}'))
        f.append(('agpr_ab', f'{mn} {Da}, {aA}, {aB}, {Ca}'))
        f.append(('inline_c0', f'{mn} {Da}, {A}, {B}, 0'))
        f.append(('literal_c', f'{mn} {Da}, {A}, {B}, 0x12345678'))
        f.append(('sgpr_a', f'{mn} {Da}, {reg("s", 2, dA)}, {B}, {Ca}'))
        base = f'{mn} {Da}, {A}, {B}, {Ca}'
    if dA > 1:
        f.append(('unaligned_a', base.replace(A, reg('v', 33, dA), 1)))
    f.append(('cbsz1_abid1_blgp1', base + ' cbsz:1 abid:1 blgp:1'))
    f.append(('cbsz1_abid1', base + ' cbsz:1 abid:1'))
    f.append(('blgp1', base + ' blgp:1'))
    f.append(('cbsz7_abid15_blgp7', base + ' cbsz:7 abid:15 blgp:7'))
    f.append(('neg111', base + ' neg:[1,1,1]'))
    return f


def main():
    facts = list(csv.DictReader(open(FACTS)))
    calc_names = {}
    shapes_by_key = {}
    for r in facts:
        calc_names.setdefault(r['mnemonic'], set()).add(r['arch'])
        sparse = r['sparse_A'] == 'True'
        shape = (int(r['dwords_A']), int(r['dwords_B']), 0 if sparse else int(r['dwords_C']),
                 int(r['dwords_D']), sparse)
        shapes_by_key.setdefault(norm(r['mnemonic']), set()).add(shape)
    llvm_names = llvm_mnemonics()
    names = sorted(set(calc_names) | set(llvm_names))
    probes = []  # (mnemonic, shape, form, text)
    for mn in names:
        shapes = sorted(shapes_by_key.get(norm(mn), set()))
        if not shapes:
            print(f'no shape for {mn}', file=sys.stderr)
            continue
        for sh in shapes:
            for form, text in forms(mn, sh):
                probes.append((mn, sh, form, text))
    texts = [p[3] for p in probes]
    rows = []
    summary = []
    for cpu in CPUS:
        r19 = assemble(texts, cpu, 'llvm-mc-19')
        dis = disassemble([r['encoding'] for r in r19], cpu, 'llvm-mc-19')
        if cpu_known('llvm-mc-16', cpu):
            r16 = assemble(texts, cpu, 'llvm-mc-16')
        else:  # llvm-mc-16 prints "'gfx942' is not a recognized processor" and falls back to a generic CPU
            r16 = [{'status': 'n/a: cpu unknown to llvm-mc-16', 'error': '', 'asm_print': '', 'encoding': None}
                   for _ in texts]
        for p, a, d, b in zip(probes, r19, dis, r16):
            mn, sh, form, text = p
            enc19 = hexbytes(a['encoding']) if a['encoding'] else ''
            enc16 = hexbytes(b['encoding']) if b['encoding'] else ''
            rows.append({
                'cpu': cpu, 'mnemonic': mn,
                'calc_archs': ' '.join(sorted(calc_names.get(mn, []))),
                'in_libllvm19_strings': mn in llvm_names,
                'shape_dA_dB_dC_dD_sparse': '/'.join(str(x) for x in sh),
                'form': form, 'input': text,
                'llvm19_status': a['status'], 'llvm19_error': a['error'],
                'llvm19_printed': a['asm_print'], 'llvm19_encoding': enc19,
                'llvm19_disasm': d,
                'roundtrip_same_text': (d == a['asm_print']) if enc19 else '',
                'llvm16_status': b['status'], 'llvm16_error': b['error'],
                'llvm16_printed': b['asm_print'], 'llvm16_encoding': enc16,
                'llvm16_vs_19': 'n/a' if b['status'].startswith('n/a') else ('same' if (a['status'], enc19, a['asm_print']) == (b['status'], enc16, b['asm_print'])
                                 else 'DIFF'),
            })
        print(f'{cpu}: {sum(1 for a in r19 if a["encoding"])} / {len(r19)} accepted by llvm-mc-19',
              file=sys.stderr)
    cols = list(rows[0].keys())
    with open(_os.path.join(HERE, 'llvm19_mfma.csv'), 'w', newline='') as f:
        w = csv.DictWriter(f, fieldnames=cols)
        w.writeheader()
        w.writerows(rows)
    # summary per (cpu, mnemonic)
    by = {}
    for r in rows:
        by.setdefault((r['cpu'], r['mnemonic']), []).append(r)
    scols = ['cpu', 'mnemonic', 'calc_archs', 'accepted_any', 'canonical_input', 'llvm19_printed',
             'llvm19_encoding', 'llvm19_disasm', 'disasm_mnemonic', 'forms_accepted', 'forms_rejected',
             'first_error', 'llvm16_accepted_any']
    for (cpu, mn), rs in sorted(by.items()):
        ok = [r for r in rs if r['llvm19_encoding']]
        pref = 'acc_cd' if cpu == 'gfx908' else 'vgpr_cd'
        canon = next((r for r in ok if r['form'] == pref), ok[0] if ok else None)
        summary.append({
            'cpu': cpu, 'mnemonic': mn, 'calc_archs': rs[0]['calc_archs'],
            'accepted_any': bool(ok),
            'canonical_input': canon['input'] if canon else '',
            'llvm19_printed': canon['llvm19_printed'] if canon else '',
            'llvm19_encoding': canon['llvm19_encoding'] if canon else '',
            'llvm19_disasm': canon['llvm19_disasm'] if canon else '',
            'disasm_mnemonic': canon['llvm19_disasm'].split()[0] if canon and canon['llvm19_disasm'] else '',
            'forms_accepted': ' '.join(f"{r['form']}[{r['shape_dA_dB_dC_dD_sparse']}]" for r in ok),
            'forms_rejected': ' '.join(f"{r['form']}[{r['shape_dA_dB_dC_dD_sparse']}]" for r in rs if not r['llvm19_encoding']),
            'first_error': next((r['llvm19_error'] for r in rs if r['llvm19_error']), ''),
            'llvm16_accepted_any': any(r['llvm16_encoding'] for r in rs),
        })
    with open(_os.path.join(HERE, 'llvm19_mfma_summary.csv'), 'w', newline='') as f:
        w = csv.DictWriter(f, fieldnames=scols)
        w.writeheader()
        w.writerows(summary)
    # gfx940 renames: every pre-CDNA3 calculator name, how gfx940 treats it
    cdna3 = {norm(r['mnemonic']): r['mnemonic'] for r in facts if r['arch'] == 'gfx940'}
    old = sorted({r['mnemonic'] for r in facts if r['arch'] in ('gfx908', 'gfx90a')})
    sm = {(s['cpu'], s['mnemonic']): s for s in summary}
    with open(_os.path.join(HERE, 'gfx940_mfma_renames.csv'), 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['old_name', 'old_archs', 'calc_cdna3_name_same_key', 'gfx90a_encoding',
                    'accepted_on_gfx940', 'gfx940_encoding', 'gfx940_disasm_mnemonic',
                    'same_bytes_as_gfx90a', 'gfx940_error'])
        for o in old:
            s90 = sm.get(('gfx90a', o)) or sm.get(('gfx908', o))
            s40 = sm.get(('gfx940', o))
            w.writerow([o, s90['calc_archs'], cdna3.get(norm(o), ''), s90['llvm19_encoding'],
                        s40['accepted_any'], s40['llvm19_encoding'], s40['disasm_mnemonic'],
                        (s40['llvm19_encoding'] == s90['llvm19_encoding']) if s40['llvm19_encoding'] else '',
                        s40['first_error'] if not s40['accepted_any'] else ''])


if __name__ == '__main__':
    main()


def crossdecode():
    """(a) Disassemble every accepted MFMA encoding of each cpu with every other cpu.
    (b) Sweep VOP3P opcodes 0x3e..0x7f (acc_cd=0/1) through each cpu's disassembler."""
    rows = list(csv.DictReader(open(_os.path.join(HERE, 'llvm19_mfma.csv'))))
    seen = set()
    items = []
    for r in rows:
        if r['llvm19_encoding'] and r['llvm19_encoding'] not in seen:
            seen.add(r['llvm19_encoding'])
            items.append(r)
    encs = [[int(b, 16) for b in r['llvm19_encoding'].split()] for r in items]
    dis = {cpu: disassemble(encs, cpu) for cpu in CPUS}
    with open(_os.path.join(HERE, 'llvm19_mfma_crossdecode.csv'), 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['encoding', 'assembled_on', 'form', 'input'] + [f'disasm_{c}' for c in CPUS])
        for i, r in enumerate(items):
            w.writerow([r['llvm19_encoding'], r['cpu'], r['form'], r['input']] + [dis[c][i] for c in CPUS])
    sweep = []
    for op in range(0x3e, 0x80):
        for acc in (0, 1):
            # vdst=0, src0=v32 (0x120), src1=v36 (0x124), src2=v0/a0 (0x100), no modifiers
            sweep.append([0x00, 0x80 if acc else 0x00, 0x80 | op, 0xd3, 0x20, 0x49, 0x02, 0x04])
    sd = {cpu: disassemble(sweep, cpu) for cpu in CPUS}
    with open(_os.path.join(HERE, 'llvm19_vop3p_opcode_sweep.csv'), 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['vop3p_opcode', 'acc_cd', 'bytes'] + [f'disasm_{c}' for c in CPUS])
        for i, e in enumerate(sweep):
            w.writerow([hex(e[2] & 0x7f), 1 if e[1] else 0, hexbytes(e)] + [sd[c][i] for c in CPUS])


if __name__ == '__main__':
    crossdecode()
