import type {
  BankMatch,
  BookLine,
  Reconciliation as SharedReconciliation,
  StatementImport,
  StatementImportAnswer,
  StatementLine,
  StatementMapping,
  StatementPostKind,
  StatementPreviewAnswer,
} from '@booking/shared'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { ApiError, api, SESSION_ENDED } from '../../lib/api.ts'
import { readToken } from '../../lib/session.ts'

// The calls and answers of decision 063 (server: apps/server/src/areas/banks).

export type ImportAnswer = z.output<typeof StatementImportAnswer>
export type PreviewAnswer = z.output<typeof StatementPreviewAnswer>

/** The reconciliation answer: the shared shape with the bank it is for. */
export type Reconciliation = SharedReconciliation & { bank: { id: number; name: string } }

/** A match with its lines, for showing it. */
export interface MatchShown extends BankMatch {
  statement: StatementLine[]
  book: BookLine[]
}

/** Money in is positive, money out negative (the answers give a positive amount and a direction). */
export const signed = (line: { amount: number; direction: 'in' | 'out' }) =>
  line.direction === 'in' ? line.amount : -line.amount

const bankKey = (bankId: number) => ['/banks', bankId]

/** A file call (preview or import): multipart, the mapping as JSON text beside the file. */
const sendFile = async <T>(path: string, file: File, mapping?: StatementMapping): Promise<T> => {
  const form = new FormData()
  if (mapping) form.append('mapping', JSON.stringify(mapping))
  form.append('file', file)
  let res: Response
  try {
    res = await fetch(`/api${path}`, {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: `Bearer ${readToken() ?? ''}` },
      body: form,
    })
  } catch {
    throw new ApiError(0, 'No response from server. Please check your network connection.')
  }
  const data = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> }
  if (res.status === 401) throw new ApiError(401, SESSION_ENDED)
  if (!res.ok)
    throw new ApiError(res.status, data.message || `HTTP error! status: ${res.status}`, data.errors)
  return data as T
}

export const previewStatement = (bankId: number, file: File) =>
  sendFile<PreviewAnswer>(`/banks/${bankId}/statement-preview`, file)

export const useReconciliation = (bankId: number, asOf: string) =>
  useQuery({
    queryKey: [...bankKey(bankId), 'reconciliation', asOf],
    queryFn: () => api.get<Reconciliation>(`/banks/${bankId}/reconciliation`, { as_of: asOf }),
    placeholderData: keepPreviousData,
  })

/** The bank's matches with their statement and book lines, up to a day. */
export const useMatches = (bankId: number, to: string) =>
  useQuery({
    queryKey: [...bankKey(bankId), 'matches', to],
    queryFn: async (): Promise<MatchShown[]> => {
      const [matches, statement, book] = await Promise.all([
        api.get<{ matches: BankMatch[] }>(`/banks/${bankId}/matches`),
        api.get<{ lines: StatementLine[] }>(`/banks/${bankId}/statement-lines`, { to, status: 'matched' }),
        api.get<{ lines: BookLine[] }>(`/banks/${bankId}/book-lines`, { status: 'matched' }),
      ])
      const shown = matches.matches.map((m) => ({
        ...m,
        statement: statement.lines.filter((l) => l.match_id === m.id),
        book: book.lines.filter((l) => l.match_id === m.id),
      }))
      // Matches of statement lines after the as-of day are not this screen's.
      return shown.filter((m) => m.statement.length > 0)
    },
    placeholderData: keepPreviousData,
  })

/** The lines of one month, for the report on screen. */
export const useMonthLines = (bankId: number, from: string, to: string) =>
  useQuery({
    queryKey: [...bankKey(bankId), 'month-lines', from, to],
    queryFn: async () => {
      const [statement, book] = await Promise.all([
        api.get<{ lines: StatementLine[] }>(`/banks/${bankId}/statement-lines`, { from, to, status: 'all' }),
        api.get<{ lines: BookLine[] }>(`/banks/${bankId}/book-lines`, { from, to, status: 'all' }),
      ])
      return { statement: statement.lines, book: book.lines }
    },
  })

/** After anything that changes what is matched or posted: this bank's screens, the ledgers and reports. */
const useRefresh = (bankId: number) => {
  const qc = useQueryClient()
  return () => {
    qc.invalidateQueries({ queryKey: bankKey(bankId) })
    qc.invalidateQueries({ queryKey: ['/accounts'] })
    qc.invalidateQueries({ queryKey: ['/reports'] })
  }
}

export const useImportStatement = (bankId: number) => {
  const refresh = useRefresh(bankId)
  return useMutation({
    mutationFn: ({ file, mapping }: { file: File; mapping: StatementMapping }) =>
      sendFile<ImportAnswer>(`/banks/${bankId}/statement-imports`, file, mapping),
    onSuccess: refresh,
  })
}

/** The bank's imports, newest first, each of which may be undone (issue 37). */
export const useImports = (bankId: number) =>
  useQuery({
    queryKey: [...bankKey(bankId), 'imports'],
    queryFn: () => api.get<{ imports: StatementImport[] }>(`/banks/${bankId}/statement-imports`),
  })

export const useUndoImport = (bankId: number) => {
  const refresh = useRefresh(bankId)
  return useMutation({
    mutationFn: (importId: number) =>
      api.delete<{ message: string; lines: number; matches: number }>(
        `/banks/${bankId}/statement-imports/${importId}`,
      ),
    onSuccess: refresh,
  })
}

/** Posts the gap between the statement's opening and the books as the bank's opening entry (decision 096). */
export const usePostOpening = (bankId: number) => {
  const refresh = useRefresh(bankId)
  return useMutation({
    mutationFn: () =>
      api.post<{ record: { table: string; id: number; entry: string } }>(
        `/banks/${bankId}/opening-entry`,
        {},
      ),
    onSuccess: refresh,
  })
}

export const useMatch = (bankId: number) => {
  const refresh = useRefresh(bankId)
  return useMutation({
    mutationFn: (ids: { statement_line_ids: number[]; posting_line_ids: number[] }) =>
      api.post(`/banks/${bankId}/matches`, ids),
    onSuccess: refresh,
  })
}

export const useUnmatch = (bankId: number) => {
  const refresh = useRefresh(bankId)
  return useMutation({
    mutationFn: (matchId: number) => api.delete(`/banks/${bankId}/matches/${matchId}`),
    onSuccess: refresh,
  })
}

export const useConfirmMatches = (bankId: number) => {
  const refresh = useRefresh(bankId)
  return useMutation({
    mutationFn: (matchIds: number[]) =>
      api.post<{ confirmed: number }>(`/banks/${bankId}/matches/confirm`, { match_ids: matchIds }),
    onSuccess: refresh,
  })
}

/** What an unmatched statement line may be posted as (decision 064), by its direction. */
export const POST_KINDS: Array<{
  value: StatementPostKind
  label: string
  direction: 'in' | 'out'
  party?: 'agent' | 'vender'
}> = [
  { value: 'charge', label: 'Bank charge', direction: 'out' },
  { value: 'vendor', label: 'Payment to a vendor', direction: 'out', party: 'vender' },
  { value: 'profit', label: 'Bank profit', direction: 'in' },
  { value: 'agent', label: 'Deposit from an agent', direction: 'in', party: 'agent' },
]

export const usePostStatementLine = (bankId: number) => {
  const refresh = useRefresh(bankId)
  return useMutation({
    mutationFn: ({
      line_id,
      ...body
    }: {
      line_id: number
      kind: StatementPostKind
      name?: string
      detail?: string
    }) =>
      api.post<{ record: { table: string; id: number; entry: string } }>(
        `/banks/${bankId}/statement-lines/${line_id}/post`,
        body,
      ),
    onSuccess: refresh,
  })
}

/** Runs the automatic matching again (after records were added or edited in the books). */
export const useAutoMatch = (bankId: number) => {
  const refresh = useRefresh(bankId)
  return useMutation({
    mutationFn: () => api.post<{ matched: number; unmatched: number }>(`/banks/${bankId}/matches/auto`, {}),
    onSuccess: refresh,
  })
}

/** The server's message for a failed call, else the screen's own words. */
export const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError ? err.message : fallback
