// The printed words of receipts and statements in the two paper languages (decision 044). The
// documents are described in English by the code that builds them; an Urdu paper translates
// each label as it is drawn, so the builders (and their tests) stay the same for both languages.

import { RECEIPT_SPECS } from '@booking/shared'

export const PAPER_LANGUAGES = ['en', 'ur'] as const
export type PaperLang = (typeof PAPER_LANGUAGES)[number]

const URDU: Record<string, string> = {
  RECEIPT: 'رسید',
  Receipt: 'رسید',
  'PAYMENT RECEIPT': 'وصولی کی رسید',
  'Payment Receipt': 'وصولی کی رسید',
  Invoice: 'بل',
  'Refund Voucher': 'واپسی واؤچر',
  'Statement of Account': 'کھاتے کا گوشوارہ',
  'STATEMENT OF ACCOUNT': 'کھاتے کا گوشوارہ',
  // Each record type's kind line, from its spec.
  ...Object.fromEntries(
    RECEIPT_SPECS.flatMap((s) => (s.receipt.kindUrdu ? [[s.receipt.kind, s.receipt.kindUrdu]] : [])),
  ),
  Payment: 'ادائیگی',
  Customer: 'گاہک',
  Agent: 'ایجنٹ',
  Vendor: 'وینڈر',
  'Bank account': 'بینک اکاؤنٹ',
  'Cash in office': 'دفتر میں نقد',
  Sector: 'سیکٹر',
  Airline: 'ایئر لائن',
  Travel: 'سفر',
  Reference: 'حوالہ',
  Package: 'پیکج',
  'File number': 'فائل نمبر',
  Embassy: 'سفارت خانہ',
  'Visa number': 'ویزا نمبر',
  Sponsor: 'کفیل',
  Country: 'ملک',
  Detail: 'تفصیل',
  Profession: 'پیشہ',
  Bank: 'بینک',
  Cash: 'نقد',
  Method: 'طریقہ',
  'Receipt no.': 'رسید نمبر',
  'Received from': 'وصول کنندہ از',
  'Received for': 'برائے',
  Passengers: 'مسافر',
  'Total amount': 'کل رقم',
  'Paid in cash': 'نقد ادا',
  'Paid in bank': 'بینک میں ادا',
  Received: 'وصول شدہ',
  Remaining: 'بقایا',
  'Amount received': 'وصول شدہ رقم',
  Total: 'کل',
  Amount: 'رقم',
  'in words': 'الفاظ میں',
  'For ': 'منجانب ',
  Date: 'تاریخ',
  Entry: 'اندراج',
  Debit: 'نام',
  Credit: 'جمع',
  Balance: 'بیلنس',
  'Opening balance': 'ابتدائی بیلنس',
  'Total debit': 'کل نام',
  'Total credit': 'کل جمع',
  'Closing balance': 'اختتامی بیلنس',
  'Totals / closing balance': 'میزان / اختتامی بیلنس',
  'All dates': 'تمام تاریخیں',
  'No.': 'نمبر',
  From: 'از',
  'Up to': 'تا',
  to: 'تا',
  Printed: 'طباعت',
  Page: 'صفحہ',
  // Issue 36: the tax invoice.
  'Sales Tax Invoice': 'سیلز ٹیکس انوائس',
  'SALES TAX INVOICE': 'سیلز ٹیکس انوائس',
  Supplier: 'فراہم کنندہ',
  'Supplier address': 'فراہم کنندہ کا پتہ',
  NTN: 'این ٹی این',
  'SNTN / STRN': 'سیلز ٹیکس رجسٹریشن نمبر',
  Buyer: 'خریدار',
  'Buyer address': 'خریدار کا پتہ',
  'Buyer NTN / CNIC': 'خریدار کا این ٹی این / شناختی کارڈ',
  Description: 'تفصیل',
  'Tariff heading': 'ٹیرف ہیڈنگ',
  Rate: 'شرح',
  Fare: 'کرایہ',
  'Airline tax': 'ایئر لائن ٹیکس',
  'Other charges': 'دیگر اخراجات',
  'Paid on your behalf': 'آپ کی جانب سے ادا شدہ',
  'Service charge': 'سروس چارجز',
  'Value excluding tax': 'مالیت بغیر ٹیکس',
  'Sales tax': 'سیلز ٹیکس',
  Price: 'قیمت',
  'Value including tax': 'مالیت بمع ٹیکس',
}

/** Labels that start a reference line: "No. 12/3", "Date 25/11/2026", "Agent: Ali". */
const PREFIXES = ['No. ', 'Date ', 'From ', 'Up to ', 'Printed ', 'Page ']

/**
 * `text` in the paper's language: a known label, a known label before ": " or a known prefix
 * ("Date 25/11/2026"), or a period ("01/11/2026 to 30/11/2026"). Anything else (names, numbers,
 * the records' own words) prints as typed.
 */
export const tr = (lang: PaperLang, text: string): string => {
  if (lang === 'en' || !text) return text
  const whole = URDU[text]
  if (whole) return whole
  const colon = text.indexOf(': ')
  if (colon > 0 && URDU[text.slice(0, colon)])
    return `${URDU[text.slice(0, colon)]}: ${text.slice(colon + 2)}`
  for (const p of PREFIXES) if (text.startsWith(p)) return `${URDU[p.trim()]} ${text.slice(p.length)}`
  // A known label with its particulars in brackets: "Sales tax (SRB 15%)".
  const bracketed = /^(.+?) \((.+)\)$/.exec(text)
  if (bracketed && URDU[bracketed[1]]) return `${URDU[bracketed[1]]} (${bracketed[2]})`
  const period = /^(\d\d\/\d\d\/\d{4}) to (\d\d\/\d\d\/\d{4})$/.exec(text)
  if (period) return `${period[1]} ${URDU.to} ${period[2]}`
  return text
}

/** A `?lang=` value, or undefined when absent or not one of the paper languages. */
export const paperLang = (v: unknown): PaperLang | undefined => (v === 'en' || v === 'ur' ? v : undefined)
