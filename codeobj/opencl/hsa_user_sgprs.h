// What AmdCl2 and Gallium AMDHSA kernels take from their amd_kernel_code_t.
// The user SGPRs its enable bits request matter most: the kernels find
// their setup and argument buffers through them.
#pragma once

#include <string>
#include <vector>

#include "codeobj/kernel_code.h"
#include "codeobj/opencl/program.h"
#include "codeobj/user_sgprs.h"

namespace gcn::codeobj::opencl {

// "s[0:3] private segment buffer, s[4:5] dispatch packet, s[6:7] kernarg segment",
// in the order the hardware loads them; "none" when no bit is set.
std::string hsaUserSgprLayout(const UserSgprEnables& u);

// Fills k's resource registers, register counts, LDS and scratch sizes and
// its "user SGPRs" fact from k->akc, and validates `checked`: k->akc with
// the format's own conventions (which the validator would call errors)
// already normalised. Problems are labelled "<where>: amd_kernel_code_t".
void fillFromAmdKernelCode(const AmdKernelCode& checked, Gen gen, const std::string& where,
                           std::vector<std::string>* problems, Kernel* k);

}  // namespace gcn::codeobj::opencl
