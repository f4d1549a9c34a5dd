/**
 * How values cross the double's IPC: Electron sends IPC arguments and results with the HTML
 * structured clone algorithm (https://www.electronjs.org/docs/latest/api/ipc-renderer#ipcrendererinvokechannel-args:
 * "Arguments will be serialized with the Structured Clone Algorithm"). The sender first runs the
 * real `structuredClone` (so functions, symbols, DOM objects and class prototypes fail or are lost
 * exactly as in Electron); this codec then carries the cloned value over Playwright's JSON-only
 * binding without losing what structured clone keeps (undefined, NaN, dates, maps, sets, binary).
 * Runs both in Node and in the page (bundled), so it uses only what both have.
 */
export type Wire =
  | null
  | boolean
  | string
  | number
  | { u: 1 }
  | { n: string }
  | { b: string }
  | { d: number }
  | { r: [string, string] }
  | { a: Wire[] }
  | { o: Record<string, Wire> }
  | { m: Array<[Wire, Wire]> }
  | { s: Wire[] }
  | { ab: string }
  | { ta: [string, string] }
  | { e: { name: string; message: string; stack?: string } }

const TYPED = [
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
] as const

function toBase64(bytes: Uint8Array): string {
  let s = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(s)
}

function fromBase64(b64: string): Uint8Array {
  const s = atob(b64)
  const out = new Uint8Array(s.length)
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i)
  return out
}

/** Encodes a value that has already been through structuredClone. */
export function encode(value: unknown): Wire {
  if (value === null) return null
  switch (typeof value) {
    case 'undefined':
      return { u: 1 }
    case 'boolean':
    case 'string':
      return value
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0) ? value : { n: String(value) }
    case 'bigint':
      return { b: value.toString() }
    case 'object':
      break
    default:
      throw new DOMException(`${typeof value} could not be cloned.`, 'DataCloneError')
  }
  if (value instanceof Date) return { d: value.getTime() }
  if (value instanceof RegExp) return { r: [value.source, value.flags] }
  if (value instanceof Error)
    return { e: { name: value.name, message: value.message, stack: value.stack } }
  if (value instanceof ArrayBuffer) return { ab: toBase64(new Uint8Array(value)) }
  if (ArrayBuffer.isView(value)) {
    const name = value.constructor.name === 'Buffer' ? 'Uint8Array' : value.constructor.name
    const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
    return { ta: [name, toBase64(bytes)] }
  }
  if (Array.isArray(value)) return { a: value.map(encode) }
  if (value instanceof Map) return { m: [...value].map(([k, v]) => [encode(k), encode(v)]) }
  if (value instanceof Set) return { s: [...value].map(encode) }
  const o: Record<string, Wire> = {}
  for (const [k, v] of Object.entries(value)) o[k] = encode(v)
  return { o }
}

export function decode(wire: Wire): unknown {
  if (wire === null || typeof wire !== 'object') return wire
  if ('u' in wire) return undefined
  if ('n' in wire) return Number(wire.n)
  if ('b' in wire) return BigInt(wire.b)
  if ('d' in wire) return new Date(wire.d)
  if ('r' in wire) return new RegExp(wire.r[0], wire.r[1])
  if ('e' in wire) {
    const e = new Error(wire.e.message)
    e.name = wire.e.name
    if (wire.e.stack) e.stack = wire.e.stack
    return e
  }
  if ('ab' in wire) {
    const bytes = fromBase64(wire.ab)
    const copy = new Uint8Array(bytes.byteLength)
    copy.set(bytes)
    return copy.buffer
  }
  if ('ta' in wire) {
    const [name, b64] = wire.ta
    const bytes = fromBase64(b64)
    if (!(TYPED as readonly string[]).includes(name)) throw new Error(`unknown typed array ${name}`)
    const Ctor = (globalThis as unknown as Record<string, new (b: ArrayBuffer) => unknown>)[name]!
    const copy = new Uint8Array(bytes.byteLength)
    copy.set(bytes)
    return new Ctor(copy.buffer)
  }
  if ('a' in wire) return wire.a.map(decode)
  if ('m' in wire) return new Map(wire.m.map(([k, v]) => [decode(k), decode(v)]))
  if ('s' in wire) return new Set(wire.s.map(decode))
  const o: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(wire.o)) o[k] = decode(v)
  return o
}

/** structuredClone, then encode: what an IPC send does to a value. */
export const toWire = (value: unknown): Wire => encode(structuredClone(value))
