"""Compiler options of the semantics packages (every file that holds lane loops)."""

# -O3: the whole-wave Lanes<T> loops are written to be vectorised.
# -ffp-contract=off: no a*b+c fused behind the definitions' back (the AVX2+FMA
# handler clones and clang would otherwise round differently from the
# reference path). -Wno-psabi: GCC's note on passing 64-byte-aligned Lanes.
# GCC only, -fno-tree-loop-distribute-patterns: GCC turned the lane-copy
# loops (a source row into a chunk's Lanes) into memcpy calls, expanded in
# 16-byte pieces that the AVX2 clones' 32-byte loads then could not forward
# from: v_add_u32 on the AVX2 path ran at 13 M/s instead of ~75.
# Branches kept within 32-byte blocks (the assembler pads before them): on
# Intel cores with the JCC erratum microcode a jump that crosses or ends on
# a 32-byte boundary is not served from the decoded-instruction cache.
# Moving valuLanes<v_add_u32>'s loop by 16 bytes costs emulator_bench's
# reference-path MemoryHeavy mix 12 % without this option and stays within
# 5 % with it; no other benchmark moves beyond noise.
SEM_COPTS = ["-O3", "-ffp-contract=off", "-Wno-psabi"] + select({
    "//semantics:clang": ["-mbranches-within-32B-boundaries"],
    "//conditions:default": [
        "-fno-tree-loop-distribute-patterns",
        "-Wa,-mbranches-within-32B-boundaries",
    ],
})
