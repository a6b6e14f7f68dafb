"""The definition files (without .cc) that //semantics/z3 also instantiates over Z3."""

Z3_DEF_FILES = [
    "salu_sop1",
    "salu_sop2",
    "salu_sopc",
    "salu_sopk",
    "salu_sopp",
    "vector_basic",
    "valu_int_vop2",
    "valu_int_vop3",
    "valu_int_vop3_sad",
    "valu_int_vopc",
    "valu_fp_arith",
    "valu_fp_cmp",
    "valu_fp_cvt",
    "valu_fp_mad",
    "valu_fp_mad16",
    "valu_fp_minmax",
    "valu_fp_pk",
    "valu_fp_round",
    "valu_fp_trans",
]
