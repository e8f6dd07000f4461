/**
 * ICAO 9303 check digit on its own module: the browser's photo reader needs it without pulling
 * the `mrz` package and zod that `mrz.ts` brings.
 */
const charValue = (c: string): number => {
  if (c === '<') return 0
  const code = c.charCodeAt(0)
  if (code >= 48 && code <= 57) return code - 48
  return code - 55 // A = 10 … Z = 35
}

/** ICAO 9303 check digit: values (0–9, A=10…Z=35, < = 0) weighted 7, 3, 1 repeating, modulo 10. */
export const mrzCheckDigit = (text: string): number => {
  let sum = 0
  for (let i = 0; i < text.length; i++) sum += charValue(text[i] as string) * [7, 3, 1][i % 3]!
  return sum % 10
}
