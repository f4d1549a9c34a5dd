/**
 * The words every validator's field checks share: each message names the field's label and the
 * limits it was checked against (a message with a placeholder left in it, another label or the
 * wrong bound fails here).
 */
import {
  checkBoolean,
  checkInt,
  checkNumber,
  checkOneOf,
  checkString,
  checkUrlList,
  Issues,
  rangeMessage,
} from '@shared/catalog/validation'
import { describe, expect, it } from 'vitest'

const fieldsOf = (check: (issues: Issues) => unknown): Record<string, string> => {
  const issues = new Issues()
  check(issues)
  return issues.fields
}

describe('the field checks say why, with the label and the bounds', () => {
  it.each<[string, (issues: Issues) => unknown, Record<string, string>]>([
    [
      'a required integer that is missing',
      (i) => checkInt(i, 'n', undefined, 'Count', { min: 1, max: 4 }, { required: true }),
      { n: 'Count is required' },
    ],
    [
      'an integer out of range, with its unit',
      (i) => checkInt(i, 'd', 31, 'duration', { min: 4, max: 30 }, { unit: ' seconds' }),
      { d: 'duration must be 4 to 30 seconds' },
    ],
    [
      'an integer where only one value is allowed',
      (i) => checkInt(i, 'n', 2, 'n', { min: 1, max: 1 }, { unit: ' for m' }),
      { n: 'n must be 1 for m' },
    ],
    [
      'a required number that is missing',
      (i) => checkNumber(i, 's', null, 'Strength', { min: 0, max: 1 }, { required: true }),
      { s: 'Strength is required' },
    ],
    [
      'a number out of a closed range',
      (i) => checkNumber(i, 's', 1.5, 'Noise', { min: 0, max: 1 }),
      { s: 'Noise must be 0 to 1' },
    ],
    [
      'a number at the open end of a range',
      (i) => checkNumber(i, 's', 0, 'Strength', { min: 0, max: 1, minExclusive: true }),
      { s: 'Strength must be greater than 0 and at most 1' },
    ],
    [
      'a required text that is missing',
      (i) => checkString(i, 'p', undefined, 'prompt', { required: true }),
      { p: 'prompt is required' },
    ],
    [
      'a text that is a number',
      (i) => checkString(i, 'p', 3, 'prompt'),
      { p: 'prompt must be text' },
    ],
    [
      'a blank text that must not be empty',
      (i) => checkString(i, 'p', '  ', 'prompt', { nonEmpty: true }),
      { p: 'prompt must not be empty' },
    ],
    [
      'a flag that is text',
      (i) => checkBoolean(i, 'u', 'yes', 'use_coords'),
      { u: 'use_coords must be true or false' },
    ],
    [
      'a required choice that is missing',
      (i) => checkOneOf(i, 'a', undefined, 'action', ['generate', 'infill'], { required: true }),
      { a: 'action is required' },
    ],
    [
      'a choice not in the list',
      (i) => checkOneOf(i, 'a', 'upscale', 'action', ['generate', 'infill']),
      { a: 'action must be one of generate, infill' },
    ],
    [
      'URLs that are not a list',
      (i) => checkUrlList(i, 'u', 'https://example.com', 'image_urls'),
      { u: 'image_urls must be a list of URLs' },
    ],
    [
      'a list entry that is not an http(s) URL',
      (i) => checkUrlList(i, 'u', ['https://example.com/a.png', 'ftp://example.com/b.png'], 'urls'),
      { 'u[1]': 'urls entries must be http or https URLs' },
    ],
  ])('%s', (_name, check, fields) => {
    expect(fieldsOf(check)).toEqual(fields)
  })

  it('a range of one value reads as that value', () => {
    expect(rangeMessage('n', 4, 4)).toBe('n must be 4')
    expect(rangeMessage('n', 1, 4, ' images')).toBe('n must be 1 to 4 images')
  })
})
