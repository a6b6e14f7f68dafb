// Edge cases of the integer VOP3 / VOP3B / VOP3P definitions
// (valu_int_vop3.cc, valu_int_vop3p.cc, valu_int_dot.cc), on both paths (the suite is
// instantiated in valu_int_test.cc).
#include "semantics/defs/valu_int_testing.h"

namespace gcn::sem {
namespace {

TEST_P(IntValu, MadU64U32CarryIntoSdstAndClamp) {
  for (const char* cpu : {"bonaire", "gfx900"}) {
    init(cpu);
    setAll(0, 0xffffffffu); setAll(1, 0xffffffffu);
    set64(2, ~0ull);
    for (int l = 32; l < 64; ++l) { w->v[2][l] = 0; w->v[3][l] = 0; }
    w->setExec(0x0000ffff0000ffffull);
    run("v_mad_u64_u32 v[4:5], s[10:11], v0, v1, v[2:3]\nv_mad_u64_u32 v[6:7], vcc, v0, v1, 0");
    EXPECT_EQ(get64(4, 0), 0xfffffffe00000000ull) << cpu;  // 0xfffffffe00000001 + ~0
    EXPECT_EQ(get64(4, 32), 0xfffffffe00000001ull) << cpu;
    EXPECT_EQ(w->s64(10), 0x000000000000ffffull) << cpu;   // carry only where it wrapped
    EXPECT_EQ(w->vcc(), 0u) << cpu;
  }
  init("gfx900");
  setAll(0, 0xffffffffu); setAll(1, 0xffffffffu); set64(2, ~0ull);
  run("v_mad_u64_u32 v[4:5], s[10:11], v0, v1, v[2:3] clamp");
  EXPECT_EQ(get64(4, 3), ~0ull);
  EXPECT_EQ(w->s64(10), ~0ull);
}

TEST_P(IntValu, MadI64I32SignedAnd65BitCarry) {
  init("gfx900");
  // lane 0: -1 * 1 + 0 = -1 (65-bit result negative: SDST bit 1)
  // lane 1: -1 * -1 + -1 = 0 (SDST 0)
  // lane 2: 0x7fffffff^2 + INT64_MAX overflows: clamp saturates
  const uint32_t a[] = {0xffffffffu, 0xffffffffu, 0x7fffffffu};
  const uint32_t b[] = {1, 0xffffffffu, 0x7fffffffu};
  const uint64_t c[] = {0, ~0ull, 0x7fffffffffffffffull};
  for (int l = 0; l < 3; ++l) {
    w->v[0][l] = a[l]; w->v[1][l] = b[l];
    w->v[2][l] = uint32_t(c[l]); w->v[3][l] = uint32_t(c[l] >> 32);
  }
  w->setExec(0x7);
  run("v_mad_i64_i32 v[4:5], s[10:11], v0, v1, v[2:3]\n"
      "v_mad_i64_i32 v[6:7], s[12:13], v0, v1, v[2:3] clamp");
  EXPECT_EQ(get64(4, 0), ~0ull);
  EXPECT_EQ(get64(4, 1), 0ull);
  EXPECT_EQ(get64(4, 2), 0x3fffffff00000001ull + 0x7fffffffffffffffull);  // wraps
  EXPECT_EQ(w->s64(10), 0x1ull);
  EXPECT_EQ(get64(6, 2), 0x7fffffffffffffffull);
  EXPECT_EQ(get64(6, 0), ~0ull);
}

TEST_P(IntValu, BitFieldExtractInsertAlign) {
  init("gfx900");
  setAll(0, 0xdeadbeefu); setAll(1, 0x00000070u);
  setAll(2, 0x12345678u); setAll(3, 0x9abcdef0u); setAll(4, 0x00ff00ffu);
  run("v_bfe_u32 v10, v0, 4, 8\nv_bfe_u32 v11, v0, 4, 0\nv_bfe_u32 v12, v0, 28, 8\n"
      "v_bfe_u32 v13, v0, 36, 40\nv_bfe_i32 v14, v0, 4, 8\nv_bfe_i32 v15, v0, 28, 8\n"
      "v_bfe_i32 v16, v1, 4, 3\nv_bfe_i32 v17, v0, 4, 0\nv_bfi_b32 v18, v4, v2, v3\n"
      "v_alignbit_b32 v19, v2, v3, 8\nv_alignbit_b32 v20, v2, v3, 32\n"
      "v_alignbyte_b32 v21, v2, v3, 5");
  EXPECT_EQ(w->v[10][0], 0xeeu);
  EXPECT_EQ(w->v[11][0], 0u);          // length 0 (SEM_VALU_BFE_LENGTH0)
  EXPECT_EQ(w->v[12][0], 0xdu);        // field runs past bit 31
  EXPECT_EQ(w->v[13][0], 0xeeu);       // offset and length masked to 5 bits
  EXPECT_EQ(w->v[14][0], 0xffffffeeu);
  EXPECT_EQ(w->v[15][0], 0xfffffffdu); // = (INT32)SRC0 >> 28
  EXPECT_EQ(w->v[16][0], 0xffffffffu); // 0b111 in 3 bits is -1
  EXPECT_EQ(w->v[17][0], 0u);
  EXPECT_EQ(w->v[18][0], 0x9a34de78u);
  EXPECT_EQ(w->v[19][0], 0x789abcdeu);
  EXPECT_EQ(w->v[20][0], 0x9abcdef0u); // shift 32 & 31 = 0
  EXPECT_EQ(w->v[21][0], 0x789abcdeu); // (5 & 3) bytes
}

TEST_P(IntValu, PermLerpAndByteSelectors) {
  init("gfx900");
  setAll(0, 0x80112233u); setAll(1, 0xc4d56677u);
  setAll(2, 0x0c0d0704u); setAll(3, 0x0b0a0908u);
  setAll(4, 0xff0001feu); setAll(5, 0xff000102u); setAll(6, 0x00000101u);
  run("v_perm_b32 v10, v0, v1, v2\nv_perm_b32 v11, v0, v1, v3\nv_lerp_u8 v12, v4, v5, v6");
  EXPECT_EQ(w->v[10][0], 0x00ff8033u);
  EXPECT_EQ(w->v[11][0], 0xff00ff00u);  // sign bits of bytes 1, 3, 5, 7 (SEM_VALU_PERM_SIGN_BYTE)
  EXPECT_EQ(w->v[12][0], 0xff000180u);  // (0xfe + 2 + 1) >> 1 rounds up
}

TEST_P(IntValu, SumsOfAbsoluteDifferences) {
  init("gfx900");
  setAll(0, 0x01ff0010u); setAll(1, 0x00000110u); setAll(2, 3); setAll(3, 0xffffffffu);
  run("v_sad_u8 v10, v0, v1, v2\nv_sad_hi_u8 v11, v0, v1, v2\nv_sad_u16 v12, v0, v1, v2\n"
      "v_sad_u32 v13, v0, v1, v2\nv_msad_u8 v14, v0, v1, v2\nv_sad_u8 v15, v0, v1, v3\n"
      "v_sad_u8 v16, v0, v1, v3 clamp\nv_sad_u32 v17, v1, v0, v2");
  EXPECT_EQ(w->v[10][0], 260u);
  EXPECT_EQ(w->v[11][0], 0x01010003u);
  EXPECT_EQ(w->v[12][0], 0x302u);
  EXPECT_EQ(w->v[13][0], 0x01feff03u);
  EXPECT_EQ(w->v[14][0], 4u);           // bytes whose SRC1 byte is 0 do not count
  EXPECT_EQ(w->v[15][0], 256u);         // wraps without clamp
  EXPECT_EQ(w->v[16][0], 0xffffffffu);  // saturates with clamp
  EXPECT_EQ(w->v[17][0], 0x01feff03u);  // |a - b| is symmetric
}

TEST_P(IntValu, QuadSadsPackedAndWide) {
  init("gfx900");
  set64(0, 0x0000000004030201ull);
  setAll(2, 0x04030201u); setAll(3, 0x04000201u);
  set64(4, 0x0004000300020001ull); set64(6, ~0ull); set64(20, 0);
  setAll(8, 10); setAll(9, 20); setAll(10, 30); setAll(11, 0xfffffffeu);
  run("v_qsad_pk_u16_u8 v[12:13], v[0:1], v2, v[4:5]\n"
      "v_qsad_pk_u16_u8 v[14:15], v[0:1], v2, v[6:7]\n"
      "v_qsad_pk_u16_u8 v[16:17], v[0:1], v2, v[6:7] clamp\n"
      "v_mqsad_pk_u16_u8 v[18:19], v[0:1], v3, v[20:21]\n"
      "v_mqsad_u32_u8 v[24:27], v[0:1], v3, v[8:11]\n"
      "v_mqsad_u32_u8 v[28:31], v[0:1], v3, v[8:11] clamp");
  EXPECT_EQ(get64(12, 0), 0x0010000e00090001ull);
  EXPECT_EQ(get64(14, 0), 0x000b000a0006ffffull);  // fields truncate (SEM_VALU_QSAD_FIELDS)
  EXPECT_EQ(get64(16, 0), ~0ull);
  EXPECT_EQ(get64(18, 0), 0x0009000800060000ull);
  EXPECT_EQ(w->v[24][0], 10u);
  EXPECT_EQ(w->v[25][0], 26u);
  EXPECT_EQ(w->v[26][0], 38u);
  EXPECT_EQ(w->v[27][0], 7u);                      // wraps (SEM_VALU_MQSAD_U32_SATURATION)
  EXPECT_EQ(w->v[31][0], 0xffffffffu);
  init("tahiti");
  set64(0, 0x0000000004030201ull); setAll(2, 0x04030201u); set64(4, 0x0004000300020001ull);
  run("v_qsad_u8 v[12:13], v[0:1], v2, v[4:5]");
  EXPECT_EQ(get64(12, 0), 0x0010000e00090001ull);
}

TEST_P(IntValu, Min3Max3Med3SignedUnsignedAndTies) {
  init("gfx900");
  setAll(0, 0xffffffffu);
  run("v_med3_i32 v10, 1, 5, 5\nv_med3_u32 v11, 1, v0, v0\nv_med3_i32 v12, 1, v0, v0\n"
      "v_min3_i32 v13, v0, 1, 2\nv_min3_u32 v14, v0, 1, 2\nv_max3_i32 v15, v0, 1, 2\n"
      "v_max3_u32 v16, v0, 1, 2\nv_med3_u32 v17, 7, 3, 5");
  EXPECT_EQ(w->v[10][0], 5u);  // the spec's chain gives 1 (SEM_VALU_MED3_TIES)
  EXPECT_EQ(w->v[11][0], 0xffffffffu);
  EXPECT_EQ(w->v[12][0], 0xffffffffu);
  EXPECT_EQ(w->v[13][0], 0xffffffffu);
  EXPECT_EQ(w->v[14][0], 1u);
  EXPECT_EQ(w->v[15][0], 2u);
  EXPECT_EQ(w->v[16][0], 0xffffffffu);
  EXPECT_EQ(w->v[17][0], 5u);
}

TEST_P(IntValu, SixteenBitOpSelRowsKeepTheOtherHalf) {
  init("gfx900");
  setAll(0, 0x00070001u); setAll(1, 0x00088000u); setAll(2, 0x00090005u);
  setAll(3, 0xdead0000u); setAll(4, 0xdeadbeefu); setAll(5, 0xdeadbeefu);
  run("v_med3_i16 v3, v0, v1, v2\nv_med3_i16 v4, v0, v1, v2 op_sel:[0,0,0,1]\n"
      "v_min3_u16 v5, v0, v1, v2 op_sel:[1,1,1,0]\nv_max3_i16 v6, v0, v1, v2\n"
      "v_min3_i16 v7, v0, v1, v2\nv_max3_u16 v8, v0, v1, v2");
  EXPECT_EQ(w->v[3][0], 0xdead0001u);  // median(1, -32768, 5), high half kept
  EXPECT_EQ(w->v[4][0], 0x0001beefu);  // written to the high half, low kept
  EXPECT_EQ(w->v[5][0], 0xdead0007u);  // min of the high halves 7, 8, 9
  EXPECT_EQ(w->v[6][0] & 0xffffu, 5u);
  EXPECT_EQ(w->v[7][0] & 0xffffu, 0x8000u);
  EXPECT_EQ(w->v[8][0] & 0xffffu, 0x8000u);
}

TEST_P(IntValu, Mad16Gfx8ZeroesGfx9KeepsLegacyZeroes) {
  init("fiji");
  setAll(0, 0x100); setAll(1, 0x100); setAll(2, 1); setAll(3, 0xdead0000u); setAll(4, 0xdead0000u);
  run("v_mad_u16 v3, v0, v1, v2\nv_mad_u16 v4, v0, v1, v2 clamp");
  EXPECT_EQ(w->v[3][0], 1u);  // 0x10001 in 16 bits; GFX8 zeroes the high half
  EXPECT_EQ(w->v[4][0], 0xffffu);
  init("gfx900");
  setAll(0, 0x100); setAll(1, 0x100); setAll(2, 1);
  setAll(3, 0xdead0000u); setAll(4, 0xdead0000u); setAll(5, 0xdead0000u);
  run("v_mad_u16 v3, v0, v1, v2\nv_mad_u16 v4, v0, v1, v2 op_sel:[0,0,0,1]\n"
      "v_mad_legacy_u16 v5, v0, v1, v2");
  EXPECT_EQ(w->v[3][0], 0xdead0001u);
  EXPECT_EQ(w->v[4][0], 0x00010000u);
  EXPECT_EQ(w->v[5][0], 1u);
  setAll(0, 0x7fff); setAll(1, 2); setAll(2, 0); setAll(6, 0x8000);
  run("v_mad_i16 v7, v0, v1, v2\nv_mad_i16 v8, v0, v1, v2 clamp\nv_mad_i16 v9, v6, v1, v2 clamp\n"
      "v_mad_legacy_i16 v10, v6, v1, v2 clamp");
  EXPECT_EQ(w->v[7][0] & 0xffffu, 0xfffeu);
  EXPECT_EQ(w->v[8][0] & 0xffffu, 0x7fffu);  // SEM_VALU_MAD_16_CLAMP
  EXPECT_EQ(w->v[9][0] & 0xffffu, 0x8000u);
  EXPECT_EQ(w->v[10][0], 0x8000u);
}

TEST_P(IntValu, AddSubI16ClampAndOpSel) {
  init("gfx900");
  setAll(0, 0x00037fffu); setAll(1, 0x00000001u); setAll(2, 0x00008000u);
  setAll(3, 0xaaaa0000u);
  run("v_add_i16 v3, v0, v1\nv_add_i16 v4, v0, v1 clamp\nv_sub_i16 v5, v2, v1 clamp\n"
      "v_sub_i16 v6, v2, v1\nv_add_i16 v7, v0, v1 op_sel:[1,0,0]");
  EXPECT_EQ(w->v[3][0], 0xaaaa8000u);      // wraps; high half kept
  EXPECT_EQ(w->v[4][0] & 0xffffu, 0x7fffu);  // SEM_VALU_ADD_I16_CLAMP_BOUNDS
  EXPECT_EQ(w->v[5][0] & 0xffffu, 0x8000u);
  EXPECT_EQ(w->v[6][0] & 0xffffu, 0x7fffu);
  EXPECT_EQ(w->v[7][0] & 0xffffu, 4u);     // high half of v0 (3) + 1
}

TEST_P(IntValu, SixtyFourBitShiftsMaskTheCount) {
  init("gfx900");
  set64(0, 0x8000000000000001ull);
  w->s[0] = 65;
  run("v_lshlrev_b64 v[4:5], s0, v[0:1]\nv_lshrrev_b64 v[6:7], 64, v[0:1]\n"
      "v_ashrrev_i64 v[8:9], 63, v[0:1]\nv_lshrrev_b64 v[10:11], 63, v[0:1]");
  EXPECT_EQ(get64(4, 0), 2ull);
  EXPECT_EQ(get64(6, 0), 0x8000000000000001ull);
  EXPECT_EQ(get64(8, 0), ~0ull);  // shifts SRC1, not SRC0 (SEM_VALU_ASHRREV_I64_SOURCE)
  EXPECT_EQ(get64(10, 0), 1ull);
  init("tahiti");
  set64(0, 0x8000000000000001ull);
  run("v_lshl_b64 v[4:5], v[0:1], 64\nv_ashr_i64 v[6:7], v[0:1], 1\nv_lshr_b64 v[8:9], v[0:1], 63");
  EXPECT_EQ(get64(4, 0), 0x8000000000000001ull);
  EXPECT_EQ(get64(6, 0), 0xc000000000000000ull);
  EXPECT_EQ(get64(8, 0), 1ull);
}

TEST_P(IntValu, MultipliesLowHighSignedUnsigned) {
  init("tahiti");
  setAll(0, 0xffffffffu); setAll(1, 0x00800000u);
  run("v_mul_hi_i32 v2, v0, v0\nv_mul_hi_u32 v3, v0, v0\nv_mul_lo_u32 v4, v0, v0\n"
      "v_mul_lo_i32 v5, v0, 3\nv_mad_i32_i24 v6, v1, 2, 10\nv_mad_u32_u24 v7, v1, 2, 10");
  EXPECT_EQ(w->v[2][0], 0u);
  EXPECT_EQ(w->v[3][0], 0xfffffffeu);
  EXPECT_EQ(w->v[4][0], 1u);
  EXPECT_EQ(w->v[5][0], 0xfffffffdu);
  EXPECT_EQ(w->v[6][0], 0xff00000au);  // bit 23 is the sign of a 24-bit value
  EXPECT_EQ(w->v[7][0], 0x0100000au);
}

TEST_P(IntValu, Gfx9ThreeOperandOps) {
  init("gfx900");
  setAll(0, 0xf0); setAll(1, 4); setAll(2, 0x0f); setAll(3, 0x00030002u); setAll(4, 0x00050004u);
  setAll(5, 0x0000ffffu);
  run("v_xad_u32 v10, v0, v1, v2\nv_lshl_add_u32 v11, v0, v1, v2\nv_add_lshl_u32 v12, v0, v1, v2\n"
      "v_add3_u32 v13, v0, v1, v2\nv_lshl_or_b32 v14, v0, v1, v2\nv_and_or_b32 v15, v0, v1, v2\n"
      "v_or3_b32 v16, v0, v1, v2\nv_lshl_add_u32 v17, v0, 36, v2\n"
      "v_mad_u32_u16 v18, v3, v4, 7\nv_mad_u32_u16 v19, v3, v4, 7 op_sel:[1,1,0,0]\n"
      "v_mad_i32_i16 v20, v5, v4, 7");
  EXPECT_EQ(w->v[10][0], 0x103u);
  EXPECT_EQ(w->v[11][0], 0xf0fu);
  EXPECT_EQ(w->v[12][0], 0x7a0000u);
  EXPECT_EQ(w->v[13][0], 0x103u);
  EXPECT_EQ(w->v[14][0], 0xf0fu);
  EXPECT_EQ(w->v[15][0], 0xfu);
  EXPECT_EQ(w->v[16][0], 0xffu);
  EXPECT_EQ(w->v[17][0], 0xf0fu);  // shift 36 & 31 = 4
  EXPECT_EQ(w->v[18][0], 15u);
  EXPECT_EQ(w->v[19][0], 22u);     // high halves 3 * 5 + 7
  EXPECT_EQ(w->v[20][0], 3u);      // -1 * 4 + 7
}

TEST_P(IntValu, PackedSixteenBitOps) {
  init("gfx900");
  setAll(0, 0x0001ffffu); setAll(1, 0x00020003u);
  setAll(4, 0x80007fffu); setAll(5, 0xffff0001u); setAll(9, 0x00110011u);
  run("v_pk_add_u16 v10, v0, v1\nv_pk_add_u16 v11, v0, v1 clamp\n"
      "v_pk_add_u16 v12, v0, v1 op_sel:[1,0] op_sel_hi:[0,1]\n"
      "v_pk_sub_u16 v13, v1, v0 clamp\nv_pk_sub_u16 v14, v1, v0\n"
      "v_pk_add_i16 v15, v4, v5 clamp\nv_pk_add_i16 v16, v4, v5\nv_pk_sub_i16 v17, v4, v5\n"
      "v_pk_mad_u16 v18, v0, v1, v1 clamp\nv_pk_mad_u16 v19, v0, v1, v1\n"
      "v_pk_mad_i16 v20, v4, v1, 0 clamp\nv_pk_lshlrev_b16 v21, v1, v0\n"
      "v_pk_lshlrev_b16 v22, v9, v0\nv_pk_ashrrev_i16 v23, v1, v4\nv_pk_lshrrev_b16 v24, v1, v4\n"
      "v_pk_max_i16 v25, v4, v1\nv_pk_max_u16 v26, v4, v1\nv_pk_min_i16 v27, v4, v1\n"
      "v_pk_min_u16 v28, v4, v1\nv_pk_mul_lo_u16 v29, v0, v1");
  EXPECT_EQ(w->v[10][0], 0x00030002u);
  EXPECT_EQ(w->v[11][0], 0x0003ffffu);
  EXPECT_EQ(w->v[12][0], 0x00010004u);
  EXPECT_EQ(w->v[13][0], 0x00010000u);  // SEM_VALU_PK_SUB_U16_CLAMP
  EXPECT_EQ(w->v[14][0], 0x00010004u);
  EXPECT_EQ(w->v[15][0], 0x80007fffu);
  EXPECT_EQ(w->v[16][0], 0x7fff8000u);
  EXPECT_EQ(w->v[17][0], 0x80017ffeu);
  EXPECT_EQ(w->v[18][0], 0x0004ffffu);
  EXPECT_EQ(w->v[19][0], 0x00040000u);
  EXPECT_EQ(w->v[20][0], 0x80007fffu);
  EXPECT_EQ(w->v[21][0], 0x0004fff8u);
  EXPECT_EQ(w->v[22][0], 0x0002fffeu);  // counts 17 & 15 = 1
  EXPECT_EQ(w->v[23][0], 0xe0000fffu);
  EXPECT_EQ(w->v[24][0], 0x20000fffu);
  EXPECT_EQ(w->v[25][0], 0x00027fffu);
  EXPECT_EQ(w->v[26][0], 0x80007fffu);
  EXPECT_EQ(w->v[27][0], 0x80000003u);
  EXPECT_EQ(w->v[28][0], 0x00020003u);
  EXPECT_EQ(w->v[29][0], 0x0002fffdu);
}

TEST_P(IntValu, IntegerDotProducts) {
  init("gfx906");
  setAll(0, 0x0001ffffu); setAll(1, 0x00020003u); setAll(4, 0x80007fffu);
  setAll(16, 0xffffffffu); setAll(17, 0x80008000u); setAll(18, 0x7fffffffu);
  setAll(20, 0xff7f0180u); setAll(21, 0x02030405u); setAll(22, 0x8f000071u); setAll(23, 0x22222222u);
  run("v_dot2_i32_i16 v30, v4, v1, 5\nv_dot2_u32_u16 v31, v4, v1, 5\n"
      "v_dot2_u32_u16 v32, v16, v16, v16 clamp\nv_dot2_u32_u16 v33, v16, v16, v16\n"
      "v_dot2_i32_i16 v34, v17, v17, v18 clamp\nv_dot2_i32_i16 v35, v17, v17, v18\n"
      "v_dot4_i32_i8 v36, v20, v21, 0\nv_dot4_u32_u8 v37, v20, v21, 0\n"
      "v_dot8_i32_i4 v38, v22, v23, 0\nv_dot8_u32_u4 v39, v22, v23, 0\n"
      "v_dot2_u32_u16 v40, v0, v1, 0 op_sel:[1,0,0] op_sel_hi:[0,1,1]");
  EXPECT_EQ(w->v[30][0], 0x8002u);       // 0x7fff*3 - 0x8000*2 + 5
  EXPECT_EQ(w->v[31][0], 0x28002u);      // 0x7fff*3 + 0x8000*2 + 5
  EXPECT_EQ(w->v[32][0], 0xffffffffu);   // clamp
  EXPECT_EQ(w->v[33][0], 0xfffc0001u);   // wraps
  EXPECT_EQ(w->v[34][0], 0x7fffffffu);
  EXPECT_EQ(w->v[35][0], 0xffffffffu);
  EXPECT_EQ(w->v[36][0], 0xfffffeffu);   // -128*5 + 1*4 + 127*3 - 1*2
  EXPECT_EQ(w->v[37][0], 1535u);
  EXPECT_EQ(w->v[38][0], 0xfffffffeu);   // (1 + 7 - 1 - 8) * 2
  EXPECT_EQ(w->v[39][0], 62u);
  EXPECT_EQ(w->v[40][0], 0x20001u);      // hi(v0)*lo(v1) + lo(v0)*hi(v1)
}

}  // namespace
}  // namespace gcn::sem
