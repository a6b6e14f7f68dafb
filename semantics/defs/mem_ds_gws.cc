// GWS (global wave sync) and ds_ordered_count: DS instructions that make
// waves wait for each other. GcnInstrsDs.md lists their opcodes only; the
// operations follow AMD's Vega/CDNA ISA pseudo-code and llvm's intrinsics
// (isa/errata/semantics.inc SEM_DS_GWS_OPERATION, SEM_DS_ORDERED_COUNT):
//
//   rid = (M0[21:16] + OFFSET[5:0]) & 63;  value = DATA0 of the first active lane
//   DS_GWS_INIT              counter[rid] = value
//   DS_GWS_SEMA_V            counter[rid] += 1
//   DS_GWS_SEMA_BR           counter[rid] += value
//   DS_GWS_SEMA_P            wait until counter[rid] != 0 (or a release_all); counter -= 1
//   DS_GWS_SEMA_RELEASE_ALL  release every wave waiting in P on rid
//   DS_GWS_BARRIER           if counter[rid] <= 0: flip flag, counter = value,
//                            release everyone; else counter -= 1 and wait for
//                            the flag to flip (value = waves in the barrier - 1)
//   DS_ORDERED_COUNT         waves run it in wave order: wave k waits until
//                            every earlier wave released the turn. GDS dword
//                            at M0[15:0] (llvm passes the GDS pointer in M0)
//                            += ADDR of the first active lane (SWAP when
//                            OFFSET1 bit 4 is set); active lanes get the old
//                            value. OFFSET1 bit 0 (wave_release) or bit 1
//                            (wave_done) hands the turn to the next wave.
//
// A wave that must wait stops with WAIT and re-runs the instruction when
// rescheduled (DsSync::waiting remembers a barrier arrival). The emulator
// runs the groups of such programs in order on one thread; a wait nobody
// can end (the releasing wave is in a later workgroup, already ended, or the
// program is wrong) is a deadlock: the wave stops with an error naming it,
// its PC and what it waits for — never a hang.
#include <cinttypes>
#include <cstdio>
#include <string>
#include <vector>

#include "semantics/emulator/emulator.h"
#include "semantics/defs/mem_common.h"

namespace gcn::sem {
namespace {

// Sets the wave blocked on `pi`: it re-runs this instruction next time.
// `why` becomes the deadlock message if nobody releases it. A blocked
// attempt is not an executed instruction (the run loop counts the call, so
// it is taken back here): the scheduler sees a retry that stays blocked as
// no progress, and runWave and Emulator::run count the same.
void block(ExecEnv& e, const PInst& pi, const std::string& why) {
  --e.w.executed;
  char buf[64];
  std::snprintf(buf, sizeof buf, "wave %u, pc 0x%" PRIx64 ": ", e.w.wave_id, pi.pc);
  e.w.error = buf + std::string(pi.mnemonic()) + " " + why +
              " (deadlock: no other wave of its workgroup can release it; the emulator runs "
              "workgroups one after another)";
  e.w.stop = WaveStop::WAIT;
  e.ip = pi.index;
}

void unblock(ExecEnv& e) {
  e.w.error.clear();
  e.mem->sync.waiting.erase(e.w.wave_id);
}

// The GDS side must exist (GWS state lives next to the GDS).
DsSync* syncOf(ExecEnv& e, const PInst& pi) {
  if (e.mem) return &e.mem->sync;
  e.w.fail(std::string(pi.mnemonic()) + ": no GDS attached to the wave");
  return nullptr;
}

int resourceId(ExecEnv& e, const PInst& pi) {
  return int(((e.w.m0() >> 16) + uint32_t(pi.inst[Fld::OFFSET])) & 63u);
}

// DATA0 (held in the ADDR field) of the first active lane; false (wave
// failed) when no lane is active: the operation has no value to take.
bool firstLaneValue(ExecEnv& e, const PInst& pi, uint32_t* out) {
  const uint64_t exec = e.w.exec();
  if (exec == 0) {
    e.w.fail(std::string(pi.mnemonic()) + " with EXEC = 0: no lane to take the value from");
    return false;
  }
  *out = e.w.v[pi.inst[Fld::ADDR]][__builtin_ctzll(exec)];
  return true;
}

enum class Gws : uint8_t { INIT, V, BR, RELEASE_ALL };

template <Gws OP>
void gwsUpdate(ExecEnv& e, const PInst& pi) {
  DsSync* s = syncOf(e, pi);
  if (!s) return;
  GwsResource& r = s->gws[resourceId(e, pi)];
  uint32_t value = 0;
  if ((OP == Gws::INIT || OP == Gws::BR) && !firstLaneValue(e, pi, &value)) return;
  switch (OP) {
    case Gws::INIT: r.counter = value; break;
    case Gws::V: r.counter += 1; break;
    case Gws::BR: r.counter += value; break;
    case Gws::RELEASE_ALL: ++r.release_gen; break;
  }
}

void gwsSemaP(ExecEnv& e, const PInst& pi) {
  DsSync* s = syncOf(e, pi);
  if (!s) return;
  const int rid = resourceId(e, pi);
  GwsResource& r = s->gws[rid];
  auto it = s->waiting.find(e.w.wave_id);
  if (it != s->waiting.end() && it->second.release_gen != r.release_gen) {
    unblock(e);  // ds_gws_sema_release_all let it through
    return;
  }
  if (r.counter != 0) {
    r.counter -= 1;
    if (it != s->waiting.end()) unblock(e);
    return;
  }
  if (it == s->waiting.end()) {
    DsWaiter wt;
    wt.kind = DsWaiter::SEMA_P;
    wt.rid = uint8_t(rid);
    wt.release_gen = r.release_gen;
    s->waiting[e.w.wave_id] = wt;
  }
  block(e, pi, "waits on GWS semaphore " + std::to_string(rid) + " (count 0)");
}

void gwsBarrier(ExecEnv& e, const PInst& pi) {
  DsSync* s = syncOf(e, pi);
  if (!s) return;
  const int rid = resourceId(e, pi);
  GwsResource& r = s->gws[rid];
  auto it = s->waiting.find(e.w.wave_id);
  if (it != s->waiting.end()) {  // arrived earlier: wait for the flag to flip
    if (it->second.flag != r.flag) unblock(e);
    else block(e, pi, "waits on GWS barrier " + std::to_string(rid) + " for " +
                          std::to_string(r.counter + 1) + " more wave(s)");
    return;
  }
  uint32_t value = 0;
  if (!firstLaneValue(e, pi, &value)) return;
  if (r.counter <= 0) {  // the last wave: release the barrier
    r.flag = !r.flag;
    r.counter = value;
    return;
  }
  r.counter -= 1;
  DsWaiter wt;
  wt.kind = DsWaiter::BARRIER;
  wt.rid = uint8_t(rid);
  wt.flag = r.flag;
  s->waiting[e.w.wave_id] = wt;
  block(e, pi, "waits on GWS barrier " + std::to_string(rid) + " for " +
                   std::to_string(r.counter + 1) + " more wave(s)");
}

void orderedCount(ExecEnv& e, const PInst& pi) {
  DsSync* s = syncOf(e, pi);
  if (!s) return;
  WaveState& w = e.w;
  const Inst& in = pi.inst;
  const uint32_t vdst = uint32_t(mem::dataReg(pi, Fld::VDST));
  if (w.wave_id < s->ordered_turn) {
    w.fail("ds_ordered_count after the wave released its turn (wave_release/wave_done)");
    return;
  }
  if (w.wave_id > s->ordered_turn) {
    s->waiting[w.wave_id] = DsWaiter{DsWaiter::ORDERED, 0, false, 0};
    block(e, pi, "waits for its ordered-count turn (wave " + std::to_string(s->ordered_turn) +
                     " has not released it)");
    return;
  }
  if (s->waiting.count(w.wave_id)) unblock(e);
  uint32_t value = 0;
  if (!firstLaneValue(e, pi, &value)) return;
  if (!mem::dataRangeOk(e, pi, int(vdst), 1, "vdst")) return;
  const uint32_t off1 = uint32_t(in[Fld::OFFSET]) >> 8;  // llvm's OFFSET1 bits
  const uint32_t addr = w.m0() & 0xfffcu;
  uint32_t old = 0;
  if (addr + 4u <= e.mem->gds.size()) {
    uint8_t* p = e.mem->gds.data() + addr;
    old = uint32_t(mem::atomicRmw(p, (off1 & 16u) ? mem::Atom::SWAP : mem::Atom::ADD, value, 0, 32,
                                  true));
  }
  mem::forActive(w.exec(), [&](int l) { w.v[vdst][l] = old; });
  if (off1 & 3u) s->ordered_turn = uint64_t(w.wave_id) + 1;
}

}  // namespace

GCN_MEM(ds_gws_init, gwsUpdate<Gws::INIT>);
GCN_MEM(ds_gws_sema_v, gwsUpdate<Gws::V>);
GCN_MEM(ds_gws_sema_br, gwsUpdate<Gws::BR>);
GCN_MEM(ds_gws_sema_release_all, gwsUpdate<Gws::RELEASE_ALL>);
GCN_MEM(ds_gws_sema_p, gwsSemaP);
GCN_MEM(ds_gws_barrier, gwsBarrier);
GCN_MEM(ds_ordered_count, orderedCount);

bool usesWaveSync(const Program& prog) {
  for (size_t i = 0; i < prog.size(); ++i)
    if (prog.code[i].inst.desc().flags & F_GDS_ONLY) return true;
  return false;
}

void failBlockedWaves(WaveState* const* waves, size_t n, MemorySystem* mem) {
  for (size_t i = 0; i < n; ++i) {
    WaveState& w = *waves[i];
    if (mem) mem->sync.waiting.erase(w.wave_id);
    if (w.stop == WaveStop::WAIT) {
      w.stop = WaveStop::ERROR;  // the message was written when it blocked
    } else if (w.stop == WaveStop::BARRIER) {
      w.fail("s_barrier waits for waves of its workgroup blocked on GWS or ordered count "
             "(deadlock)");
    }
  }
}

}  // namespace gcn::sem
