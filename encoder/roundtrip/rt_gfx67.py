#!/usr/bin/env python3
# (b) GFX6/GFX7: texts (our disassembly of random words on the target, plus
# llvm's gfx803 disassembly texts) assembled by llvm-mc -mcpu=tahiti/bonaire
# --show-encoding; compare with gcnref asm bytes.
import random, subprocess, sys, re, collections, argparse
ap=argparse.ArgumentParser()
ap.add_argument('--mcpu',default='tahiti')
ap.add_argument('--n',type=int,default=3000)
ap.add_argument('--seed',type=int,default=2)
ap.add_argument('--show',type=int,default=30)
ap.add_argument('--bin',default='/tmp/gcnref_parser')
a=ap.parse_args()
random.seed(a.seed)
ENC = {'SOP2':(0xC0000000,0x80000000),'SOPK':(0xF0000000,0xB0000000),'SOP1':(0xFF800000,0xBE800000),
 'SOPC':(0xFF800000,0xBF000000),'SOPP':(0xFF800000,0xBF800000),'SMRD':(0xF8000000,0xC0000000),
 'VOP2':(0x80000000,0),'VOP1':(0xFE000000,0x7E000000),'VOPC':(0xFE000000,0x7C000000),
 'VOP3':(0xFC000000,0xD0000000),'DS':(0xFC000000,0xD8000000),'MUBUF':(0xFC000000,0xE0000000),
 'MTBUF':(0xFC000000,0xE8000000),'MIMG':(0xFC000000,0xF0000000),'FLAT':(0xFC000000,0xDC000000),
 'VINTRP':(0xFC000000,0xC8000000),'EXP':(0xFC000000,0xF8000000)}
def texts_ours(mask,val):
  ws=[]
  for i in range(a.n):
    w0=(random.getrandbits(32)&~mask)|val; w1=random.getrandbits(32)
    if random.random()<0.5: w1&=0x00ffffff
    w2=random.choice([0x3f800000,0x12345678,0xffff,1,random.getrandbits(32)])
    ws.append(",".join("0x%02x"%((w>>(8*k))&255) for w in (w0,w1,w2) for k in range(4)))
  out=[]
  for w in ws:
    pass
  p=subprocess.run([a.bin,'disasm','--mcpu='+a.mcpu,'--hex'],input="\n".join(ws)+"\n",capture_output=True,text=True)
  for l in p.stdout.splitlines():
    l=l.strip()
    if l and not l.startswith(';') and 'invalid' not in l and '<' not in l: out.append(l)
  return out
res=collections.defaultdict(collections.Counter); ex=collections.defaultdict(list)
for name,(mask,val) in ENC.items():
  pairs=list(dict.fromkeys(texts_ours(mask,val)))
  src="\n".join(pairs)+"\n"
  r=subprocess.run(['llvm-mc-16','-arch=amdgcn','-mcpu='+a.mcpu,'--show-encoding','-'],input=src,capture_output=True,text=True)
  lerr=set(int(m.group(1)) for m in re.finditer(r'<stdin>:(\d+):\d+: error',r.stderr))
  louts=[re.match(r'\s*(.*?)\s*; encoding: \[(.*)\]',l).group(2) for l in r.stdout.splitlines() if 'encoding:' in l]
  q=subprocess.run([a.bin,'asm','--mcpu='+a.mcpu,'--show-encoding','-'],input=src,capture_output=True,text=True)
  gerr={}
  for m in re.finditer(r'<stdin>:(\d+):(\d+): error: (.*)',q.stderr): gerr[int(m.group(1))]=m.group(3)
  gouts=[re.match(r'\s*(.*?)\s*; encoding: \[(.*)\]',l).group(2) for l in q.stdout.splitlines() if 'encoding:' in l]
  li=gi=0
  for i,t in enumerate(pairs):
    ln=i+1
    le = None if ln in lerr else louts[li]; 
    if ln not in lerr: li+=1
    ge = None if ln in gerr else gouts[gi]
    if ln not in gerr: gi+=1
    if le is None and ge is None: res[name]['both_reject']+=1
    elif le is None: res[name]['llvm_rejects_we_accept']+=1; ex[name].append(('LLVMREJ',t,ge))
    elif ge is None: res[name]['we_reject']+=1; ex[name].append(('WEREJ',t,le,gerr[ln]))
    elif le==ge: res[name]['match']+=1
    else: res[name]['diff']+=1; ex[name].append(('DIFF',t,le,ge))
M=T=0
for name in ENC:
  r=res[name]; t=r['match']+r['diff']+r['we_reject']; M+=r['match']; T+=t
  print('%-7s llvm-accepted %5d match %5d diff %4d we_reject %4d (%.2f%%)  llvm_rejects_we_accept %d both_reject %d'%(name,t,r['match'],r['diff'],r['we_reject'],100.0*r['match']/max(1,t),r['llvm_rejects_we_accept'],r['both_reject']))
print('TOTAL %d/%d = %.2f%%'%(M,T,100.0*M/max(1,T)))
for name in ENC:
  for e in [x for x in ex[name] if x[0]!='LLVMREJ'][:a.show]: print(name,*e,sep=' | ')
  for e in [x for x in ex[name] if x[0]=='LLVMREJ'][:3]: print(name,*e,sep=' | ')
