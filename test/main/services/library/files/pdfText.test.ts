import {
  cjkScriptOf,
  isWide,
  latin1Literal,
  pdfTextString,
  ucs2Hex,
} from '@main/services/library/files/pdfText'
import { describe, expect, it } from 'vitest'

describe('contact sheet text (issues #27, #34)', () => {
  it('picks the font by script: Latin-1 in Helvetica, kana Japanese, Hangul Korean, Han alone Chinese', () => {
    expect(cjkScriptOf('Café (déjà vu) — no')).toBe('zh') // the em dash is past Latin-1
    expect(cjkScriptOf('Café déjà vu')).toBeNull()
    expect(cjkScriptOf('猫がいる')).toBe('ja')
    expect(cjkScriptOf('고양이 cat')).toBe('ko')
    expect(cjkScriptOf('红色灯笼')).toBe('zh')
  })

  it('writes UCS-2 codes, with "?" for what UCS-2 cannot hold', () => {
    expect(ucs2Hex('A猫')).toBe('<0041732b>')
    expect(ucs2Hex('猫🐈')).toBe('<732b003f>')
  })

  it('counts CJK characters as wide, Latin as narrow', () => {
    expect(['猫', '가', 'ア', 'Ａ', '𠀋'].map((c) => isWide(c.codePointAt(0)!))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ])
    expect(['a', 'é', '—', 'ｱ'].map((c) => isWide(c.codePointAt(0)!))).toEqual([
      false,
      false,
      false,
      false,
    ])
  })

  it('a title is a Latin-1 literal, escaped, or UTF-16 with its byte order mark', () => {
    expect(pdfTextString('Sheet (1)\\')).toBe('(Sheet \\(1\\)\\\\)')
    expect(pdfTextString('シート')).toBe('<feff30b730fc30c8>')
    expect(latin1Literal('a\u0007b')).toBe('(a?b)')
  })
})
