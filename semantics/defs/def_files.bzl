"""The definition files (without .cc) that //semantics/z3 also instantiates over Z3.

Z3_DEF_GROUPS: the files Z3 instantiates, in groups of at most eight; each
group is one compilation of //semantics/z3:z3_defs.cc (the Z3 headers are
parsed once per group, not once per file).
"""

Z3_DEF_GROUPS = {
    "scalar": ["salu_sop1", "salu_sop2", "salu_sopc", "salu_sopk", "salu_sopp"],
    "int": [
        "vector_basic",
        "valu_int_vop2",
        "valu_int_sub",
        "valu_int_16",
        "valu_int_vop3",
        "valu_int_vop3_sad",
        "valu_int_vopc",
    ],
    "fp_cmp": ["valu_fp_cmp_f16", "valu_fp_cmp_f32", "valu_fp_cmp_f64"],
    "fp_arith": ["valu_fp_arith", "valu_fp_mad", "valu_fp_mad16", "valu_fp_minmax", "valu_fp_mix", "valu_fp_pk"],
    "fp_conv": ["valu_fp_cvt", "valu_fp_round", "valu_fp_trans", "valu_fp_recip", "valu_fp_div", "valu_cdna"],
}

Z3_DEF_FILES = [f for g in Z3_DEF_GROUPS.values() for f in g]
