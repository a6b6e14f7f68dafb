#!/usr/bin/env python3
# Round trip (a): random words -> llvm-mc disassembly text -> gcnref asm -> compare
# bytes with llvm's encoding of that text.
import random, subprocess, sys, re, collections, argparse
ap=argparse.ArgumentParser()
ap.add_argument('--mcpu',default='gfx900')
ap.add_argument('--n',type=int,default=3000)
ap.add_argument('--seed',type=int,default=1)
ap.add_argument('--show',type=int,default=8)
ap.add_argument('--only',default='')
ap.add_argument('--bin',default='/tmp/gcnref_parser')
a=ap.parse_args()
random.seed(a.seed)
gfx89 = a.mcpu not in ('tahiti','bonaire','gfx600','gfx700','gfx704')
ENC = {
 'SOP2':(0xC0000000,0x80000000),'SOPK':(0xF0000000,0xB0000000),'SOP1':(0xFF800000,0xBE800000),
 'SOPC':(0xFF800000,0xBF000000),'SOPP':(0xFF800000,0xBF800000),
 'VOP2':(0x80000000,0),'VOP1':(0xFE000000,0x7E000000),'VOPC':(0xFE000000,0x7C000000),
 'VOP3':(0xFC000000,0xD0000000),'DS':(0xFC000000,0xD8000000),'MUBUF':(0xFC000000,0xE0000000),
 'MTBUF':(0xFC000000,0xE8000000),'MIMG':(0xFC000000,0xF0000000),'FLAT':(0xFC000000,0xDC000000),
}
if gfx89:
  ENC.update({'SMEM':(0xFC000000,0xC0000000),'VINTRP':(0xFC000000,0xD4000000),'EXP':(0xFC000000,0xC4000000),
    'VOP3P':(0xFF800000,0xD3800000),
    'SDWA1':(0xFE0001FF,0x7E0000F9),'SDWA2':(0x800001FF,0xF9),'SDWAC':(0xFE0001FF,0x7C0000F9),
    'DPP1':(0xFE0001FF,0x7E0000FA),'DPP2':(0x800001FF,0xFA)})
else:
  ENC.update({'SMRD':(0xF8000000,0xC0000000),'VINTRP':(0xFC000000,0xC8000000),'EXP':(0xFC000000,0xF8000000)})
if a.only: ENC={k:v for k,v in ENC.items() if k in a.only.split(',')}
SENT=[0xcd,0x0b,0x80,0xbf]
tot=collections.Counter(); res=collections.defaultdict(collections.Counter); ex=collections.defaultdict(list)
for name,(mask,val) in ENC.items():
  cands=[]
  for i in range(a.n):
    w0=(random.getrandbits(32)&~mask)|val
    w1=random.getrandbits(32)
    if random.random()<0.5: w1 &= 0x00ffffff if random.random()<0.5 else 0xffffffff
    w2=random.choice([0x3f800000,0x12345678,0xffff,0x3c00,0x80000000,1,0x40490fdb,random.getrandbits(32)])
    b=[]
    for w in (w0,w1,w2): b+=[(w>>(8*k))&255 for k in range(4)]
    cands.append(b)
  stream=[]
  for b in cands: stream+=b+SENT*3
  inp="\n".join(",".join("0x%02x"%x for x in stream[k:k+16]) for k in range(0,len(stream),16))+"\n"
  p=subprocess.run(['llvm-mc-16','-arch=amdgcn','-mcpu='+a.mcpu,'--disassemble','--show-encoding'],input=inp,capture_output=True,text=True)
  pairs=[]
  for l in p.stdout.splitlines():
    m=re.match(r'\s*(.*?)\s*; encoding: \[(.*)\]',l)
    if not m: continue
    txt=m.group(1).strip()
    if not txt or txt.startswith('s_nop 0xbcd'): continue
    pairs.append((txt,m.group(2)))
  pairs=list(dict.fromkeys(pairs))
  # llvm's own assembly of its text is the reference (canonical bytes)
  src0="\n".join(t for t,_ in pairs)+"\n"
  r=subprocess.run(['llvm-mc-16','-arch=amdgcn','-mcpu='+a.mcpu,'--show-encoding','-'],input=src0,capture_output=True,text=True)
  lerr=set(int(m.group(1)) for m in re.finditer(r'<stdin>:(\d+):\d+: error',r.stderr))
  louts=[re.match(r'\s*(.*?)\s*; encoding: \[(.*)\]',l).group(2) for l in r.stdout.splitlines() if 'encoding:' in l]
  np=[];k=0
  for i,(t,e) in enumerate(pairs):
    if i+1 in lerr: res[name]['llvm_rejects']+=1; continue
    np.append((t,louts[k])); k+=1
  pairs=np
  src="\n".join(t for t,_ in pairs)+"\n"
  q=subprocess.run([a.bin,'asm','--mcpu='+a.mcpu,'--show-encoding','-'],input=src,capture_output=True,text=True)
  errl={}
  lines=q.stderr.splitlines()
  for i,l in enumerate(lines):
    m=re.match(r'<stdin>:(\d+):(\d+): error: (.*)',l)
    if m: errl[int(m.group(1))]=m.group(3)
  outs=[l for l in q.stdout.splitlines() if 'encoding:' in l]
  k=0
  for i,(t,e) in enumerate(pairs):
    ln=i+1
    if ln in errl:
      res[name]['error']+=1; ex[name].append(('ERR',t,e,errl[ln])); continue
    if k>=len(outs): res[name]['missing']+=1; continue
    m=re.match(r'\s*(.*?)\s*; encoding: \[(.*)\]',outs[k]); k+=1
    if m.group(2)==e: res[name]['match']+=1
    else: res[name]['diff']+=1; ex[name].append(('DIFF',t,e,m.group(2)+'  ours-text: '+m.group(1)))
allm=0; allt=0
for name in ENC:
  r=res[name]; t=sum(v for kk,v in r.items() if kk!='llvm_rejects'); allm+=r['match']; allt+=t
  print('%-7s %5d texts  match %5d  diff %4d  error %4d  %.2f%%  (llvm rejects its own text: %d)'%(name,t,r['match'],r['diff'],r['error'],100.0*r['match']/max(1,t),r['llvm_rejects']))
print('TOTAL %d/%d = %.2f%%'%(allm,allt,100.0*allm/max(1,allt)))
for name in ENC:
  for e in ex[name][:a.show]:
    print(name,e[0],'|',e[1],'|',e[2],'|',e[3])
