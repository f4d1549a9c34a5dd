import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LibraryIndex } from '/work/main/src/main/services/library/LibraryIndex'
const dir = mkdtempSync(join(tmpdir(), 'idxprof-'))
const idx = new LibraryIndex(join(dir, 'i.sqlite'))
let seed = 1; const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32)
const COMMON = ['portrait', 'landscape', 'anime', 'cat', 'city', 'night', 'forest', 'girl', 'robot', 'ocean']
const rows = []
const t0 = Date.now()
for (let i = 0; i < 100000; i++) {
  const created = new Date(2023,0,1).getTime() + Math.floor(rand()*9.4e10)
  const words = []; for (let k = 0; k < 14; k++) words.push(rand() < 0.25 ? COMMON[Math.floor(rand()*10)] : 'w' + Math.floor(rand()*3000))
  rows.push({ relPath: `a/${i}.png`, media: i%9?'image':'video', ext: 'png', fileMtime: 1, fileSize: 1, sidecarMtime: 1, problem: null,
    sidecar: { format:'gen-studio-library', version:1, id:`item-${i}`, kind: i%9===0?'video':i%3?'image':'art', model:'m'+(i%7), prompt: words.join(', '), negativePrompt:'', params:{size:'1024x1024',steps:28}, seed:1, costEstimate:0.01, sourceTaskId:null, width:1024,height:1024,durationSec:null,bytes:1,sha256:'0'.repeat(64),created:new Date(created).toISOString(),favourite:false,demo:false } } as any)
}
for (let i = 0; i < rows.length; i += 2000) idx.upsert(rows.slice(i, i+2000))
console.log('upsert', Date.now()-t0)
const time = (label: string, f: () => unknown, n = 200) => { const ts: number[] = []; for (let i=0;i<n;i++){ const t=process.hrtime.bigint(); f(); ts.push(Number(process.hrtime.bigint()-t)/1e6)}; ts.sort((a,b)=>a-b); console.log(label, ts[n>>1].toFixed(3), ts[Math.floor(n*0.95)].toFixed(3)) }
const cur = () => { const p = idx.page({}, null, 1, Math.floor(rand()*99000)); return { createdAt: p.items[0].createdAt, id: p.items[0].id } }
const cs = Array.from({length: 50}, cur)
time('page all', () => idx.page({}, cs[Math.floor(rand()*50)], 200))
time('page image', () => idx.page({media:'image'}, cs[Math.floor(rand()*50)], 200))
time('page art', () => idx.page({kinds:['art']}, cs[Math.floor(rand()*50)], 200))
time('search cat', () => idx.page({text:'cat'}, null, 200))
time('search w12', () => idx.page({text:'w12'}, null, 200))
time('search cat w1', () => idx.page({text:'cat w1'}, null, 200))
time('months', () => idx.months({}), 30)
console.log(idx.db.prepare("EXPLAIN QUERY PLAN SELECT id FROM items WHERE kind IN ('art') AND (created, id) < (?, ?) ORDER BY created DESC, id DESC LIMIT 201").all(1e15,'x'))
console.log(idx.db.prepare("EXPLAIN QUERY PLAN SELECT id FROM items WHERE rowid IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?) ORDER BY created DESC, id DESC LIMIT 201").all('"cat"*'))
