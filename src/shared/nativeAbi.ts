/**
 * Which Node ABI a native addon (`.node` file) was built for, read from its bytes: a classic addon
 * exports `node_register_module_v<NODE_MODULE_VERSION>` and loads only in a runtime with that
 * version (Node 20: 115; Electron 45 / Node 24: 150); a Node-API addon exports
 * `napi_register_module_v1` and loads in any runtime. The symbol names are plain ASCII in the
 * binary's dynamic symbol table on ELF, Mach-O and PE alike.
 */
export type AddonAbi = number | 'napi' | null

/** Reads the ABI stamp of an addon from its bytes (as Latin-1 text); null if it is not an addon. */
export function addonAbi(binaryAsLatin1: string): AddonAbi {
  const classic = /node_register_module_v(\d+)/.exec(binaryAsLatin1)
  if (classic) return Number(classic[1])
  return binaryAsLatin1.includes('napi_register_module_v1') ? 'napi' : null
}

/** True when an addon with this stamp loads in a runtime whose NODE_MODULE_VERSION is `runtime`. */
export const loadsIn = (abi: AddonAbi, runtime: number): boolean =>
  abi === 'napi' || abi === runtime
