import SQLite from 'better-sqlite3'

/**
 * Issue 34's bench books: a copy of a seeded SQLite file in which about a fifth of the posting lines
 * are foreign. Party accounts (vendors, then agents, then banks, the busiest first) are given a
 * currency until their lines reach `share` of all lines: the Saudi and Gulf vendors in SAR and AED,
 * agents and a bank in USD (and SAR). Each of their lines then carries the transaction currency,
 * the rate of its month (micro-rupees: SAR 74.85, AED 76.45, USD 280.50, moving 0.3 % a month) and
 * its amount there (rupees / rate, to the hundredth), as decision 109 stores a record posted in
 * that currency; the rupee amounts and every checkpoint stay as they were, so the books still
 * balance. The rates are in `exchange_rates` (one a month) and the currencies turned on. Lines are
 * insert-only (decision 082): the copy's triggers are set aside for the rewrite and put back.
 * Returns the foreign lines and all lines.
 */
const BASE: Record<string, number> = { SAR: 74.85, AED: 76.45, USD: 280.5 }
const CURRENCY_OF_KIND: Record<string, string[]> = {
  vendor: ['SAR', 'AED', 'SAR', 'AED'],
  agent: ['USD', 'SAR', 'USD'],
  bank: ['USD', 'SAR'],
}

export const foreignLines = (file: string, share = 0.2) => {
  const db = new SQLite(file)
  try {
    const accounts = db
      .prepare(
        `SELECT a.id, a.code, a.kind, count(*) AS n FROM posting_lines l JOIN accounts a ON a.id = l.account_id
         WHERE a.kind IN ('vendor', 'agent', 'bank') GROUP BY a.id ORDER BY n DESC`,
      )
      .all() as Array<{ id: number; code: string; kind: string; n: number }>
    const total = Number(db.prepare('SELECT count(*) FROM posting_lines').pluck().get())
    const picked: Array<{ id: number; code: string; kind: string; currency: string }> = []
    let foreign = 0
    for (const kind of ['vendor', 'agent', 'bank'])
      for (const a of accounts.filter((x) => x.kind === kind)) {
        if (foreign + a.n > share * total * 1.05) continue
        const list = CURRENCY_OF_KIND[kind]!
        picked.push({ ...a, currency: list[picked.filter((p) => p.kind === kind).length % list.length]! })
        foreign += a.n
      }
    const triggers = db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'posting_lines'")
      .all() as Array<{ name: string; sql: string }>
    const now = new Date().toISOString()
    db.transaction(() => {
      for (const t of triggers) db.exec(`DROP TRIGGER ${t.name}`)
      for (const code of Object.keys(BASE))
        db.prepare(
          'INSERT INTO currencies (code, minor_units, enabled, updated_at) VALUES (?, 2, 1, ?) ON CONFLICT (code) DO NOTHING',
        ).run(code, now)
      // A rate a month, 2020-12 to 2026-12, for every foreign currency.
      const rate = db.prepare(
        "INSERT INTO exchange_rates (currency, date, rate, source, user_id, created_at) VALUES (?, ?, ?, 'bench', NULL, ?)",
      )
      for (const [code, base] of Object.entries(BASE))
        for (let m = 0; m <= 72; m++) {
          const month = `${2020 + Math.floor((m + 11) / 12)}-${String(((m + 11) % 12) + 1).padStart(2, '0')}`
          rate.run(code, `${month}-01`, Math.round(base * 1.003 ** m * 1e6), now)
        }
      const line = db.prepare(
        `UPDATE posting_lines SET currency = @currency,
           rate = (SELECT r.rate FROM exchange_rates r WHERE r.currency = @currency AND r.date <= posting_lines.date
                   ORDER BY r.date DESC LIMIT 1)
         WHERE account_id = @id`,
      )
      const amounts = db.prepare(
        `UPDATE posting_lines SET fx_debit = (debit * 1000000 + rate / 2) / rate,
           fx_credit = (credit * 1000000 + rate / 2) / rate WHERE account_id = ?`,
      )
      for (const a of picked) {
        db.prepare('UPDATE accounts SET currency = ? WHERE id = ?').run(a.currency, a.id)
        line.run({ currency: a.currency, id: a.id })
        amounts.run(a.id)
      }
      // A seed the foreign sums' migration (0055, decision 149) already ran on: their checkpoints follow.
      const hasFx = (table: string) =>
        (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).some(
          (c) => c.name === 'fx_debit',
        )
      for (const [table, key] of [
        ['posting_months', 'month'],
        ['posting_days', 'date'],
      ] as const)
        if (hasFx(table))
          for (const a of picked)
            db.prepare(
              `UPDATE ${table} SET fx_debit = s.d, fx_credit = s.c FROM (SELECT ${key === 'month' ? 'substr(date, 1, 7)' : 'date'} AS k,
                 sum(fx_debit) AS d, sum(fx_credit) AS c FROM posting_lines WHERE account = @code GROUP BY k) s
               WHERE ${table}.account = @code AND ${table}.${key} = s.k`,
            ).run({ code: a.code })
      for (const t of triggers) db.exec(t.sql)
    })()
    db.exec('ANALYZE')
    return { foreign, total, accounts: picked.map((p) => `${p.code} (${p.currency})`) }
  } finally {
    db.close()
  }
}
