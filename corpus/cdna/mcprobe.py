"""Shared helpers: batch-assemble lines with llvm-mc and batch-disassemble the bytes.

assemble(lines, mcpu, mc)  -> list of dicts {status, error, asm_print, encoding(list of ints)}
disassemble(encs, mcpu, mc) -> list of str (disassembly text or 'ERROR: ...')

Assembly batching: every probe line is preceded by a unique label 'Lp<i>:'.  llvm-mc
continues after errors; errors are reported as '<stdin>:LINE:COL: error: MSG', so both
successes (found after their label in stdout) and failures (by line number) are mapped
back to the probe line.
Disassembly batching: all byte strings are fed as one stream with --show-encoding; each
decoded instruction prints its own bytes, so the output is re-synchronised against the
expected byte lists.  On any mismatch we fall back to one llvm-mc process per item.
"""
import os as _os
HERE = _os.path.dirname(_os.path.abspath(__file__))
import re
import subprocess

ENC_RE = re.compile(r'^\s*(.*?)\s*;\s*encoding:\s*\[([^\]]*)\]')
ERR_RE = re.compile(r'^<stdin>:(\d+):(\d+): (error|warning): (.*)$')


def _run(args, text):
    p = subprocess.run(args, input=text, capture_output=True, text=True)
    return p.stdout, p.stderr


def assemble(lines, mcpu, mc='llvm-mc-19', extra=()):
    src = []
    line_of = {}  # source line number -> probe index
    for i, l in enumerate(lines):
        src.append(f'Lp{i}:')
        src.append(l)
        line_of[len(src)] = i
    out, err = _run([mc, '-arch=amdgcn', f'-mcpu={mcpu}', '--show-encoding', *extra],
                    '\n'.join(src) + '\n')
    res = [{'status': 'ok', 'error': '', 'asm_print': '', 'encoding': None} for _ in lines]
    for e in err.splitlines():
        m = ERR_RE.match(e)
        if m:
            ln, kind, msg = int(m.group(1)), m.group(3), m.group(4)
            if ln in line_of:
                r = res[line_of[ln]]
                if kind == 'error':
                    if r['status'] != 'error':
                        r['status'] = 'error'
                        r['error'] = msg
                else:
                    r.setdefault('warnings', []).append(msg)
            else:
                raise RuntimeError(f'unmapped diagnostic: {e}')
    cur = None
    for o in out.splitlines():
        s = o.strip()
        m = re.match(r'^Lp(\d+):$', s)
        if m:
            cur = int(m.group(1))
            continue
        if cur is None or not s or s.startswith('.'):
            continue
        m = ENC_RE.match(o)
        if m:
            r = res[cur]
            if r['encoding'] is not None:
                raise RuntimeError(f'two encodings for probe {cur}: {o}')
            r['asm_print'] = m.group(1)
            r['encoding'] = [int(x, 16) for x in m.group(2).split(',') if x.strip()]
    for i, r in enumerate(res):
        if r['status'] == 'ok' and r['encoding'] is None:
            r['status'] = 'error'
            r['error'] = 'no encoding printed (unexpected)'
        if r['status'] == 'ok' and r.get('warnings'):
            r['status'] = 'ok_with_warning'
            r['error'] = 'warning: ' + ' | '.join(r['warnings'])
    return res


def hexbytes(enc):
    return ' '.join(f'{b:02x}' for b in enc)


def _dis_one(enc, mcpu, mc):
    out, err = _run([mc, '-arch=amdgcn', f'-mcpu={mcpu}', '--disassemble'],
                    ','.join(f'0x{b:02x}' for b in enc) + '\n')
    insts = [l.strip() for l in out.splitlines() if l.strip() and not l.strip().startswith('.')]
    msgs = [l for l in err.splitlines() if 'warning' in l or 'error' in l]
    txt = ' || '.join(insts)
    if msgs:
        txt = ('INVALID (' + ' | '.join(m.split(': ', 1)[-1] for m in msgs) + ')'
               + ('; rest decoded as: ' + txt if txt else ''))
    return txt


def disassemble(encs, mcpu, mc='llvm-mc-19'):
    todo = [(i, e) for i, e in enumerate(encs) if e]
    out_txt = [''] * len(encs)
    if not todo:
        return out_txt
    stream = '\n'.join(','.join(f'0x{b:02x}' for b in e) for _, e in todo) + '\n'
    out, err = _run([mc, '-arch=amdgcn', f'-mcpu={mcpu}', '--disassemble', '--show-encoding'], stream)
    decoded = []
    for o in out.splitlines():
        m = ENC_RE.match(o)
        if m:
            decoded.append((m.group(1), [int(x, 16) for x in m.group(2).split(',') if x.strip()]))
    ok = not any('warning' in l or 'error' in l for l in err.splitlines())
    k = 0
    if ok:
        for i, e in todo:
            got, texts = [], []
            while k < len(decoded) and len(got) < len(e):
                got += decoded[k][1]
                texts.append(decoded[k][0])
                k += 1
            if got != e:
                ok = False
                break
            out_txt[i] = ' || '.join(texts)
        ok = ok and k == len(decoded)
    if not ok:  # fall back, one process per encoding
        for i, e in todo:
            out_txt[i] = _dis_one(e, mcpu, mc)
    return out_txt


def cpu_known(mc, cpu):
    """False if llvm-mc warns "'<cpu>' is not a recognized processor for this target"."""
    _, err = _run([mc, '-arch=amdgcn', f'-mcpu={cpu}', '--show-encoding'], 's_nop 0\n')
    return 'not a recognized processor' not in err
