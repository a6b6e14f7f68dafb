// The user SGPRs amd_kernel_code_t's enable bits request, in the order the
// hardware loads them, as one line for Kernel::facts: AmdCl2 and Gallium
// AMDHSA kernels find their setup and argument buffers through them.
#pragma once

#include <string>

#include "codeobj/user_sgprs.h"

namespace gcn::codeobj::opencl {

// "s[0:3] private segment buffer, s[4:5] dispatch packet, s[6:7] kernarg segment";
// "none" when no bit is set.
std::string hsaUserSgprLayout(const UserSgprEnables& u);

}  // namespace gcn::codeobj::opencl
