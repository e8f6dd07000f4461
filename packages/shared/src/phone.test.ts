import { describe, expect, it } from 'vitest'
import { displayPhone, normalizePhone, phoneKey, whatsappNumber } from './phone.ts'

describe('normalizePhone', () => {
  it.each([
    ['0300-1234567', '03001234567'],
    ['0300 1234567', '03001234567'],
    ['03001234567', '03001234567'],
    ['+92 300 1234567', '03001234567'],
    ['+92-300-1234567', '03001234567'],
    ['0092 300 1234567', '03001234567'],
    ['+92 0300 1234567', '03001234567'],
    ['923001234567', '03001234567'],
    ['3001234567', '03001234567'],
    [3001234567, '03001234567'],
    ['(042) 3576-1234', '04235761234'],
    ['+966 50 123 4567', '+966501234567'],
    ['', ''],
    ['   ', ''],
    [null, ''],
  ])('%s -> %s', (typed, stored) => {
    expect(normalizePhone(typed)).toBe(stored)
  })

  it.each(['abc', '0300-12345', '030012345678', '12345', '+0300', '0300 123456x'])('refuses %s', (typed) => {
    expect(normalizePhone(typed)).toBeNull()
  })
})

describe('whatsappNumber', () => {
  it('gives country code and digits', () => {
    expect(whatsappNumber('0300-1234567')).toBe('923001234567')
    expect(whatsappNumber('+966 50 123 4567')).toBe('966501234567')
    expect(whatsappNumber('')).toBeNull()
    expect(whatsappNumber('not a phone')).toBeNull()
  })
})

describe('displayPhone and phoneKey', () => {
  it('reads mobiles in two groups and compares typed forms alike', () => {
    expect(displayPhone('03001234567')).toBe('0300 1234567')
    expect(displayPhone('+966501234567')).toBe('+966501234567')
    expect(displayPhone('odd text')).toBe('odd text')
    expect(phoneKey('+92 300 1234567')).toBe(phoneKey('0300-1234567'))
  })
})
