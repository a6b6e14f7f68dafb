#!/usr/bin/python3
"""Harvest MFMA/SMFMAC facts for CDNA1/2/3 by *running* AMD's matrix instruction
calculator (used as a black-box tool; none of its code is copied).

Usage: /usr/bin/python3 harvest_calculator.py [CALC_DIR] > /dev/null
Writes mfma_facts.csv and calculator_raw/*.txt (raw outputs).
Needs python3-tabulate (Debian: apt-get install python3-tabulate; note that the pyenv
python3 on this machine does not see it, so we run the calculator with /usr/bin/python3).
"""
import os as _os
HERE = _os.path.dirname(_os.path.abspath(__file__))
import csv
import os
import re
import subprocess
import sys

CALC_DIR = sys.argv[1] if len(sys.argv) > 1 else _os.path.join(HERE, '../../../shared/peers/amd_matrix_instruction_calculator')
CALC = os.path.join(CALC_DIR, 'matrix_calculator.py')
PY = '/usr/bin/python3'
OUT = _os.path.join(HERE, 'mfma_facts.csv')
RAW = _os.path.join(HERE, 'calculator_raw')

# (gfx name, argument given to the calculator's -a)
ARCHS = [('gfx908', 'GFX908'), ('gfx90a', 'GFX90A'),
         ('gfx940', 'GFX940'), ('gfx941', 'GFX941'), ('gfx942', 'GFX942')]


def run(args):
    p = subprocess.run([PY, CALC] + args, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def list_insts(arch_arg):
    rc, out, err = run(['-a', arch_arg, '-L'])
    if rc != 0:
        raise RuntimeError(err)
    return [l.strip() for l in out.splitlines()[1:] if l.strip()]


def parse_detail(text):
    """Parse the indented 'key: value' tree printed by --detail-instruction."""
    d = {}
    section = ''
    for line in text.splitlines():
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(' '))
        s = line.strip()
        if ':' not in s:
            continue
        k, v = s.split(':', 1)
        k, v = k.strip(), v.strip()
        if indent == 0:
            d[k] = v
            section = ''
        elif indent == 4 and v == '':
            section = k
        else:
            d[(section + '/' if section else '') + k] = v
    return d


RANGE_RE = re.compile(r'between (\d+) - (\d+)')


def modifier_probe(arch_arg, inst, extra):
    """Run a layout query with an out-of-range/unsupported modifier and return
    (accepted?, message).  Message contains the calculator's stated legal range."""
    rc, out, err = run(['-a', arch_arg, '-i', inst, '-R', '-c'] + extra)
    msg = ' '.join(err.split())
    return rc == 0, msg


def max_from(msg):
    m = RANGE_RE.search(msg)
    return m.group(2) if m else ''


COLS = ['arch', 'calc_arch_arg', 'calc_arch_printed', 'mnemonic', 'kind', 'encoding',
        'vop3p_opcode', 'vop3p_mai_opcode', 'M', 'N', 'K', 'blocks', 'flops',
        'cycles', 'passes_(cycles/4)', 'flops_per_cu_per_cycle', 'valu_coexec', 'valu_coexec_cycles',
        'dwords_A', 'dwords_B', 'dwords_C', 'dwords_D', 'gpr_alignment_bytes',
        'src0_field', 'src1_field', 'src2_field', 'dst_field',
        'type_src0', 'type_src1', 'type_src2', 'type_vdst',
        'A_archvgpr', 'A_agpr', 'B_archvgpr', 'B_agpr', 'C_archvgpr', 'C_agpr', 'D_archvgpr', 'D_agpr',
        'sparse_A', 'cbsz_abid_supported', 'blgp_supported',
        'cbsz_max', 'abid_max', 'blgp_max', 'neg_supported', 'neg_probe_message']


def main():
    os.makedirs(RAW, exist_ok=True)
    rows = []
    for gfx, arg in ARCHS:
        for inst in list_insts(arg):
            rc, out, err = run(['-a', arg, '-i', inst, '-d'])
            with open(os.path.join(RAW, f'{gfx}_{inst}.txt'), 'w') as f:
                f.write(out + err)
            d = parse_detail(out)
            g = lambda k: d.get(k, '')
            sparse = g('Register modifiers/Sparse A matrix') == 'True'
            caps = 'Register capabilities/'
            if sparse:
                c_arch = c_acc = 'n/a (Src2 = compression index)'
                d_arch = g(caps + 'D matrix can use ArchVGPRs')
                d_acc = g(caps + 'D matrix can use AccVGPRs')
            else:
                c_arch = d_arch = g(caps + 'C and D matrix can use ArchVGPRs')
                c_acc = d_acc = g(caps + 'C and D matrix can use AccVGPRs')
            cyc = g('Execution statistics/Execution cycles')
            cbsz_ok = g('Register modifiers/CBSZ and ABID bits supported')
            blgp_ok = g('Register modifiers/BLGP bits supported')
            cbsz_max = abid_max = blgp_max = ''
            if cbsz_ok == 'True':
                _, m = modifier_probe(arg, inst, ['-A', '--cbsz', '99'])
                cbsz_max = max_from(m)
                _, m = modifier_probe(arg, inst, ['-A', '--cbsz', cbsz_max or '0', '--abid', '99'])
                abid_max = max_from(m)
            if blgp_ok == 'True':
                _, m = modifier_probe(arg, inst, ['-B', '--blgp', '99'])
                blgp_max = max_from(m)
            neg_ok, neg_msg = modifier_probe(arg, inst, ['-A', '--neg', '1'])
            rows.append({
                'arch': gfx, 'calc_arch_arg': arg, 'calc_arch_printed': g('Architecture'),
                'mnemonic': inst, 'kind': 'SMFMAC' if inst.startswith('v_smfmac') else 'MFMA',
                'encoding': g('Instruction/Encoding') or g('Encoding'),
                'vop3p_opcode': g('Instruction/VOP3P Opcode') or g('VOP3P Opcode'),
                'vop3p_mai_opcode': g('Instruction/VOP3P-MAI Opcode') or g('VOP3P-MAI Opcode'),
                'M': g('Matrix Dimensions/M'), 'N': g('Matrix Dimensions/N'),
                'K': g('Matrix Dimensions/K'), 'blocks': g('Matrix Dimensions/blocks'),
                'flops': g('Execution statistics/FLOPs'), 'cycles': cyc,
                'passes_(cycles/4)': str(int(cyc) // 4) if cyc.isdigit() else '',
                'flops_per_cu_per_cycle': g('Execution statistics/FLOPs/CU/cycle'),
                'valu_coexec': g('Execution statistics/Can co-execute with VALU'),
                'valu_coexec_cycles': g('Execution statistics/VALU co-execution cycles possible'),
                'dwords_A': g('Register usage/GPRs required for A'),
                'dwords_B': g('Register usage/GPRs required for B'),
                'dwords_C': g('Register usage/GPRs required for C') or ('1 (compression index)' if sparse else ''),
                'dwords_D': g('Register usage/GPRs required for D'),
                'gpr_alignment_bytes': g('Register usage/GPR alignment requirement').replace(' bytes', ''),
                'src0_field': 'A', 'src1_field': 'B',
                'src2_field': 'compression index' if sparse else 'C', 'dst_field': 'D',
                'type_src0': g('Register data types/Src0'), 'type_src1': g('Register data types/Src1'),
                'type_src2': g('Register data types/Src2'), 'type_vdst': g('Register data types/Vdst'),
                'A_archvgpr': g(caps + 'A matrix can use ArchVGPRs'), 'A_agpr': g(caps + 'A matrix can use AccVGPRs'),
                'B_archvgpr': g(caps + 'B matrix can use ArchVGPRs'), 'B_agpr': g(caps + 'B matrix can use AccVGPRs'),
                'C_archvgpr': c_arch, 'C_agpr': c_acc, 'D_archvgpr': d_arch, 'D_agpr': d_acc,
                'sparse_A': g('Register modifiers/Sparse A matrix'),
                'cbsz_abid_supported': cbsz_ok, 'blgp_supported': blgp_ok,
                'cbsz_max': cbsz_max, 'abid_max': abid_max, 'blgp_max': blgp_max,
                'neg_supported': str(neg_ok), 'neg_probe_message': neg_msg,
            })
            # sanity: the field mapping the calculator prints must be Src0/Src1/Src2/Vdst
            enc = 'VOP3P-MAI register encoding/'
            assert g(enc + 'A matrix source field') == 'Src0', (gfx, inst)
            assert g(enc + 'B matrix source field') == 'Src1', (gfx, inst)
            assert g(enc + 'D matrix source field') == 'Vdst', (gfx, inst)
    with open(OUT, 'w', newline='') as f:
        w = csv.DictWriter(f, fieldnames=COLS)
        w.writeheader()
        w.writerows(rows)
    print(f'{len(rows)} rows -> {OUT}', file=sys.stderr)


if __name__ == '__main__':
    main()
