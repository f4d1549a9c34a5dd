/**
 * Drafts keep numbers as typed text. These turn that text into what the catalog validators check:
 * '' → undefined (the field is left out), a number → that number, anything else → NaN, which every
 * validator reports with the field's allowed range instead of silently dropping it.
 */
export function parseIntText(text: string): number | undefined {
  const t = text.trim()
  if (t === '') return undefined
  return /^-?\d+$/.test(t) ? Number(t) : Number.NaN
}

export function parseNumberText(text: string): number | undefined {
  const t = text.trim()
  if (t === '') return undefined
  return /^-?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : Number.NaN
}

/** Lines of a textarea, trimmed, without empty ones (lists of URLs). */
export const linesOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')

/** A seed for "random": drawn when the request is built, so the saved settings reproduce it. */
export const randomSeed = (): number => Math.floor(Math.random() * 4_294_967_296)
