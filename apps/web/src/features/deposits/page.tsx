import { type AgentNotice, formatAmount, formatDate } from '@booking/shared'
import { useCallback, useEffect, useState } from 'react'
import { api } from '../../lib/api.ts'
import { fetchFile } from '../../lib/files.ts'

/**
 * "Deposits to check" (issue 35 item 3): what agents' users reported with their bank slips, each
 * slip beside the bank's unmatched statement lines of money in near its day. Approve posts an Agent
 * receipt (matched to the line when one pays the same amount); reject needs a reason.
 */

interface Line {
  id: number
  date: string
  narration: string
  reference: string
  amount: number
  same_amount: boolean
}
interface Deposit {
  id: number
  agent: string
  amount: number
  date: string
  bank: string
  reference: string
  status: string
  slip_type: string
  slip_url: string
  statement_lines: Line[]
}

const Slip = ({ d }: { d: Deposit }) => {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    // A data: address: the app's CSP lets images come from itself and data: only.
    fetchFile(`/deposits/${d.id}/slip`)
      .then((r) => r.blob())
      .then(
        (b) =>
          new Promise<string>((resolve, reject) => {
            const reader = new FileReader()
            reader.onload = () => resolve(String(reader.result))
            reader.onerror = () => reject(reader.error)
            reader.readAsDataURL(b)
          }),
      )
      .then((u) => live && setUrl(u))
      .catch(() => live && setUrl(null))
    return () => {
      live = false
    }
  }, [d.id])
  if (!url) return <div className="h-40 w-full rounded bg-slate-100" />
  return d.slip_type === 'application/pdf' ? (
    <a href={url} download={`slip-${d.id}.pdf`} className="text-blue-700 underline">
      Open slip (PDF)
    </a>
  ) : (
    <img
      src={url}
      alt={`Slip of deposit ${d.reference}`}
      className="max-h-64 w-full rounded border object-contain"
    />
  )
}

/** What became of telling the agent (decision 116): the WhatsApp link to send, the e-mail's fate. */
const EMAIL_SAID: Record<AgentNotice['email'], (n: AgentNotice) => string> = {
  sent: (n) => `E-mailed to ${n.email_to}.`,
  no_smtp: () => 'No e-mail was sent: no SMTP server is set in Settings.',
  limit: (n) => n.email_message ?? 'No e-mail was sent: the hourly limit is reached.',
  failed: (n) => `The e-mail could not be sent: ${n.email_message ?? ''}`,
  no_address: () => 'No e-mail address on file.',
}

const Told = ({ agent, notice }: { agent: string; notice: AgentNotice }) => (
  <section aria-label="Tell the agent" className="rounded border border-green-200 bg-green-50 p-3 text-sm">
    <p>
      {notice.whatsapp ? (
        <a
          href={notice.whatsapp}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-green-800 underline"
        >
          Tell {agent} on WhatsApp
        </a>
      ) : (
        `${agent} has no WhatsApp number on file.`
      )}{' '}
      {EMAIL_SAID[notice.email](notice)} Their desk shows it too.
    </p>
  </section>
)

export default function DepositsPage() {
  const [deposits, setDeposits] = useState<Deposit[] | null>(null)
  const [message, setMessage] = useState('')
  const [told, setTold] = useState<{ agent: string; notice: AgentNotice } | null>(null)
  const load = useCallback(
    () =>
      api.get<{ deposits: Deposit[] }>('/deposits', { status: 'pending' }).then(
        (a) => setDeposits(a.deposits),
        (e: Error) => setMessage(e.message),
      ),
    [],
  )
  useEffect(() => {
    void load()
  }, [load])
  const approve = async (d: Deposit) => {
    try {
      const a = await api.post<{ message: string; entry: string; notice: AgentNotice }>(
        `/deposits/${d.id}/approve`,
        {},
      )
      setMessage(`${a.message}: ${a.entry}`)
      setTold({ agent: d.agent, notice: a.notice })
      await load()
    } catch (e) {
      setMessage((e as Error).message)
    }
  }
  const reject = async (d: Deposit) => {
    const reason = window.prompt('Reason for rejecting this deposit')
    if (reason === null) return
    try {
      const a = await api.post<{ message: string; notice: AgentNotice }>(`/deposits/${d.id}/reject`, {
        reason,
      })
      setMessage(a.message)
      setTold({ agent: d.agent, notice: a.notice })
      await load()
    } catch (e) {
      setMessage((e as Error).message)
    }
  }
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Deposits to check</h1>
      {message && (
        <p role="status" className="rounded bg-blue-50 p-3 text-sm">
          {message}
        </p>
      )}
      {told && <Told {...told} />}
      {deposits?.length === 0 && <p className="text-slate-500">No deposits are waiting.</p>}
      {deposits?.map((d) => (
        <section
          key={d.id}
          className="card grid gap-4 p-4 md:grid-cols-2"
          aria-label={`Deposit ${d.reference}`}
        >
          <div className="flex flex-col gap-2">
            <h2 className="text-lg font-semibold">{d.agent}</h2>
            <p>
              Rs {formatAmount(d.amount)} · {formatDate(d.date)} · {d.bank} · Ref {d.reference}
            </p>
            <Slip d={d} />
          </div>
          <div className="flex flex-col gap-2">
            <h3 className="font-medium">Bank statement lines (money in, near the day)</h3>
            {d.statement_lines.length === 0 ? (
              <p className="text-sm text-slate-500">No unmatched statement line near this day.</p>
            ) : (
              <ul className="divide-y text-sm">
                {d.statement_lines.map((l) => (
                  <li key={l.id} className={`py-1 ${l.same_amount ? 'font-semibold text-green-800' : ''}`}>
                    {formatDate(l.date)} · Rs {formatAmount(l.amount)} · {l.reference || l.narration}
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-auto flex gap-2">
              <button type="button" className="btn-primary" onClick={() => approve(d)}>
                Approve
              </button>
              <button type="button" className="btn-secondary" onClick={() => reject(d)}>
                Reject
              </button>
            </div>
          </div>
        </section>
      ))}
    </div>
  )
}
