import { createHash, randomBytes } from 'node:crypto'
import {
  type AgencySettings,
  formatAmount,
  formatDate,
  type Statement,
  type StatementKind,
} from '@booking/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../../../db/connect.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
import { AttemptWindow } from '../../platform/auth/attempts.ts'
import { tablePdf } from '../../platform/documents/table-doc.ts'
import { agencySettings, printedAt } from '../../platform/settings/routes.ts'
import { buildStatement, periodText, statementDoc } from '../statements/document.ts'

/** 32 random bytes: 256 bits, base64url (43 characters). */
export const newShareToken = () => randomBytes(32).toString('base64url')
/** Only the hash is stored: a copy of the database does not open anyone's statement. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

export const sharePath = (token: string) => `/s/${token}`

export interface LiveShare {
  id: number
  kind: 'agent' | 'customer'
  party_key: string
  party_name: string
  date_from: string | null
  date_to: string | null
  expires_at: string
}

/** The share a token opens, or null: unknown, expired and revoked are one answer. */
export const liveShare = async (db: Db, token: string, now = new Date()): Promise<LiveShare | null> => {
  if (!TOKEN_SHAPE.test(token)) return null
  const row = await db
    .selectFrom('statement_shares')
    .select(['id', 'kind', 'party_key', 'party_name', 'date_from', 'date_to', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash(token))
    .executeTakeFirst()
  if (!row || row.revoked_at || row.expires_at <= now.toISOString()) return null
  if (row.kind !== 'agent' && row.kind !== 'customer') return null
  return { ...row, kind: row.kind }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The read-only page: this statement only, no script, no links but its own PDF. */
export const statementPage = (settings: AgencySettings, share: LiveShare, s: Statement, pdfHref: string) => {
  // A party kept in another currency (decision 123): its amounts are in it, the rupees beside.
  const cur = escapeHtml(s.currency ?? settings.currency)
  const unit = s.currency ? ` ${cur}` : ''
  const rupees = s.currency
    ? `\n<div><span>Closing balance in rupees</span><b>${escapeHtml(settings.currency)} ${formatAmount(s.closing_pkr ?? 0)}</b></div>`
    : ''
  const amt = (n: number) => (n ? formatAmount(n) : '')
  const rows = s.rows
    .map(
      (r) =>
        `<tr><td>${escapeHtml(formatDate(r.date))}</td><td>${escapeHtml(r.entry)}</td><td>${escapeHtml(r.detail)}</td>` +
        `<td class="n" data-l="Debit">${amt(r.debit)}</td><td class="n" data-l="Credit">${amt(r.credit)}</td><td class="n" data-l="Balance">${formatAmount(r.balance)}</td></tr>`,
    )
    .join('')
  const who = share.kind === 'agent' ? 'Agent' : 'Customer'
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Statement of Account: ${escapeHtml(share.party_name)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f4f5f7;color:#1f2937}
main{max-width:960px;margin:0 auto;padding:16px}
header{background:#fff;border-radius:8px;padding:16px;margin-bottom:12px;box-shadow:0 1px 2px #0001}
h1{font-size:1.25rem;margin:0 0 4px}h2{font-size:1rem;margin:0;color:#4b5563;font-weight:500}
.sum{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0}.sum div{background:#fff;border-radius:8px;padding:10px 14px;flex:1 1 140px;box-shadow:0 1px 2px #0001}
.sum span{display:block;font-size:.75rem;color:#6b7280}.sum b{font-size:1.05rem}
.wrap{overflow-x:auto;background:#fff;border-radius:8px;box-shadow:0 1px 2px #0001}
table{border-collapse:collapse;width:100%;font-size:.875rem}th,td{padding:6px 10px;border-bottom:1px solid #e5e7eb;text-align:left;white-space:nowrap}
td:nth-child(3){white-space:normal;min-width:160px}th{background:#f9fafb;font-weight:600}.n{text-align:right;font-variant-numeric:tabular-nums}
a.pdf{display:inline-block;margin-top:12px;background:#1d4ed8;color:#fff;padding:8px 14px;border-radius:6px;text-decoration:none}
footer{font-size:.75rem;color:#6b7280;margin-top:12px}
@media (max-width:640px){
main{padding:10px}.sum div{flex:1 1 40%}
thead{display:none}table,tbody,tfoot{display:block}
tr{display:grid;grid-template-columns:1fr 1fr 1fr;gap:2px 8px;padding:8px 10px;border-bottom:1px solid #e5e7eb}
th,td{display:block;border:0;padding:0;white-space:normal;min-width:0}
tr>:nth-child(1){grid-column:1}tr>:nth-child(2){grid-column:2/span 2;text-align:right;color:#4b5563}
tr>:nth-child(3){grid-column:1/-1;min-width:0}
.n::before{content:attr(data-l);display:block;font-size:.7rem;color:#6b7280;font-weight:400}
}
</style></head><body><main>
<header><h1>${escapeHtml(settings.name)}</h1><h2>Statement of Account · ${who}: ${escapeHtml(share.party_name)}</h2>
<div>${escapeHtml(periodText(share.date_from, share.date_to))}</div></header>
<section class="sum"><div><span>Opening balance</span><b>${cur} ${formatAmount(s.opening)}</b></div>
<div><span>Total debit</span><b>${cur} ${formatAmount(s.totals.debit)}</b></div>
<div><span>Total credit</span><b>${cur} ${formatAmount(s.totals.credit)}</b></div>
<div><span>Closing balance</span><b>${cur} ${formatAmount(s.closing)}</b></div>${rupees}</section>
<div class="wrap"><table><thead><tr><th>Date</th><th>Entry</th><th>Detail</th><th class="n">Debit${unit}</th><th class="n">Credit${unit}</th><th class="n">Balance${unit}</th></tr></thead>
<tbody><tr><td>${escapeHtml(formatDate(share.date_from ?? ''))}</td><td></td><td>Opening balance</td><td class="n" data-l="Debit"></td><td class="n" data-l="Credit"></td><td class="n" data-l="Balance">${formatAmount(s.opening)}</td></tr>${rows}</tbody>
<tfoot><tr><th></th><th></th><th>Totals / closing balance</th><th class="n" data-l="Debit">${formatAmount(s.totals.debit)}</th><th class="n" data-l="Credit">${formatAmount(s.totals.credit)}</th><th class="n" data-l="Balance">${formatAmount(s.closing)}</th></tr></tfoot></table></div>
<a class="pdf" href="${escapeHtml(pdfHref)}">Download PDF</a>
<footer>This link expires on ${escapeHtml(formatDate(share.expires_at.slice(0, 10)))}. ${escapeHtml(settings.phone ? `Questions: ${settings.phone}` : '')}</footer>
</main></body></html>`
}

/** The statement PDF as bytes (for the e-mail attachment and the shared link's download). */
export const statementPdfBuffer = async (
  db: Db,
  kind: StatementKind,
  key: string,
  name: string,
  range: { from?: string; to?: string },
) => {
  const settings = await agencySettings(db)
  const statement = await buildStatement(db, kind, key, range)
  const { pdf, drawing } = tablePdf(
    settings,
    statementDoc(kind, name, range, statement, settings.currency),
    printedAt(settings),
  )
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c))
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })
  await drawing
  pdf.end()
  return {
    pdf: await done,
    statement,
    file: `statement-${kind}-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}.pdf`,
  }
}

const notFound = (reply: FastifyReply) =>
  reply
    .code(404)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      '<!doctype html><title>Not found</title><p>This link is not valid. It may have expired or been withdrawn.</p>',
    )

/**
 * The links' own pages, outside /api and without a session: GET /s/{token} (HTML) and
 * /s/{token}/statement.pdf. Unknown, expired and revoked tokens are a 404 from here; an address
 * that misses more than `rateMax` times a minute gets 429 for its misses for the rest of the
 * minute, while a valid link still opens from it.
 */
export const publicShareRoutes = async (app: FastifyInstance, db: Db, opts: { rateMax: number }) => {
  const misses = new AttemptWindow(opts.rateMax)
  const limited = new Map<string, number>()
  const open = async (req: FastifyRequest, reply: FastifyReply, what: 'page' | 'pdf') => {
    const ip = req.ip
    reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex')
    const tooMany = () =>
      reply
        .code(429)
        .header('retry-after', String(misses.retryAfter()))
        .type('text/plain')
        .send('Too many tries: wait a minute')
    const { token } = req.params as { token: string }
    // A valid link always opens (issue 33): the misses of an address, or of others behind the
    // same one (a mobile carrier's gateway), never lock a customer out of their own statement.
    const share = await liveShare(db, token)
    if (!share) {
      if ((limited.get(ip) ?? 0) > Date.now()) return tooMany()
      if (!misses.allow(ip)) {
        // Forgotten entries would pile up under a spread-out attack; expired ones are dropped here.
        if (limited.size > 10_000)
          for (const [k, until] of limited) if (until <= Date.now()) limited.delete(k)
        limited.set(ip, Date.now() + misses.retryAfter() * 1000)
        return tooMany()
      }
      return notFound(reply)
    }
    await writeTransaction(db, (trx) =>
      trx
        .insertInto('statement_share_openings')
        .values({
          share_id: share.id,
          at: new Date().toISOString(),
          what,
          ip,
          user_agent: String(req.headers['user-agent'] ?? '').slice(0, 300),
        })
        .execute(),
    )
    const range = { from: share.date_from ?? undefined, to: share.date_to ?? undefined }
    reply.header('cache-control', 'no-store')
    if (what === 'pdf') {
      const { pdf, file } = await statementPdfBuffer(db, share.kind, share.party_key, share.party_name, range)
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${file}"`)
        .send(pdf)
    }
    const settings = await agencySettings(db)
    const statement = await buildStatement(db, share.kind, share.party_key, range)
    return reply
      .type('text/html; charset=utf-8')
      .send(statementPage(settings, share, statement, `${sharePath(token)}/statement.pdf`))
  }
  app.get('/s/:token', (req, reply) => open(req, reply, 'page'))
  app.get('/s/:token/statement.pdf', (req, reply) => open(req, reply, 'pdf'))
}
