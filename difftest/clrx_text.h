// CLRX's assembler syntax (shared/spec/clrx/ClrxAsmSyntax.md, GcnOperands.md,
// GcnSdwaDpp.md and the per-encoding pages) read into gcnref's (LLVM's),
// so that clrxdisasm's text compares field by field instead of failing to
// parse. What it rewrites, each a documented CLRX spelling:
//   * encoding words `vop3`, `sdwa`, `dpp` and the presence of SDWA/DPP
//     modifiers -> the _e64/_sdwa/_dpp mnemonic suffix;
//   * SDWA selectors `byte0`/`byte_0`/`b0`, `word1`, `dword`, and
//     dst_unused `pad`/`sext`/`preserve` -> BYTE_0 ... UNUSED_PRESERVE;
//     DPP `bound_ctrl` -> bound_ctrl:1, `wave_shl` -> wave_shl:1;
//   * `hwreg(NAME|@N, off, size)` -> hwreg(N, off, size); `sendmsg(...)`
//     and any `:0xNNNN` raw-value note (s_waitcnt) -> the raw SIMM16;
//   * branch labels `.L<byte>_<n>` -> the SIMM16 that reaches that byte of
//     the batch from the instruction at `offset`;
//   * MIMG without `dmask:` -> dmask:1 (CLRX's default; LLVM's is 0);
//   * `inst_offset:` -> offset:, `format:[DFMT,NFMT]` -> dfmt:/nfmt:, the
//     export target's comma, a MUBUF/MTBUF VADDR printed with neither
//     offen, idxen nor addr64 -> off, `shared_base` ... -> src_shared_base;
//   * the values of fields the instruction ignores (`vdata1=0x10`,
//     `neg2` for a missing src2) are dropped: gcnref prints none;
//   * CLRX's own mnemonics (difftest/profiles/clrx_names.inc) -> LLVM's.
// Spellings it does not know pass through unchanged, to fail in our
// parser and be reported.
#pragma once

#include <string>
#include <string_view>


namespace gcn::difftest {

std::string readClrxText(std::string_view text, long offset);

}  // namespace gcn::difftest
