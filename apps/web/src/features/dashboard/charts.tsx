import { formatAmount } from '@booking/shared'

/**
 * Two small hand-written SVG charts: a chart library would triple the dashboard chunk
 * for what is a handful of rectangles.
 */

const shortAmount = (n: number) =>
  Math.abs(n) >= 1_000_000
    ? `${formatAmount(Math.round(n / 100_000) / 10)}M`
    : Math.abs(n) >= 1_000
      ? `${formatAmount(Math.round(n / 100) / 10)}k`
      : formatAmount(n)

export const TypeBars = ({ data }: { data: Array<{ type: string; count: number }> }) => {
  if (data.length === 0) return <p className="py-8 text-center text-sm text-slate-500">No data available</p>
  const max = Math.max(1, ...data.map((d) => d.count))
  const row = 26
  const labelW = 120
  const width = 420
  const barW = width - labelW - 60
  return (
    <svg
      viewBox={`0 0 ${width} ${data.length * row}`}
      className="h-auto w-full"
      role="img"
      aria-label="Bookings per type"
    >
      {data.map((d, i) => {
        const w = Math.max(2, (d.count / max) * barW)
        return (
          <g key={d.type} transform={`translate(0 ${i * row})`}>
            <text x={labelW - 8} y={row / 2 + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
              {d.type}
            </text>
            <rect x={labelW} y={5} width={w} height={row - 10} rx={3} className="fill-blue-500" />
            <text x={labelW + w + 6} y={row / 2 + 4} className="fill-slate-700 text-[11px] tabular-nums">
              {d.count.toLocaleString('en-US')}
            </text>
          </g>
        )
      })}
    </svg>
  )
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const monthLabel = (m: string) => {
  const [y, mm] = m.split('-')
  return `${MONTHS[Number(mm) - 1] ?? mm} ${String(y).slice(2)}`
}

export const MonthlyBars = ({
  data,
}: {
  data: Array<{ month: string; receivable: number; received: number }>
}) => {
  if (data.length === 0) return <p className="py-8 text-center text-sm text-slate-500">No data available</p>
  // The last twelve months in range keep the bars readable on a phone.
  const shown = data.slice(-12)
  const max = Math.max(1, ...shown.flatMap((d) => [d.receivable, d.received]))
  const height = 180
  const left = 44
  const bottom = 22
  const slot = 34
  // Always laid out for twelve slots, so one month does not stretch into a giant bar.
  const width = left + Math.max(12, shown.length) * slot + 8
  const plotH = height - bottom - 8
  const y = (v: number) => 8 + plotH - (Math.max(0, v) / max) * plotH
  return (
    <div>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full max-w-full"
        role="img"
        aria-label="Receivable vs received per month"
      >
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={left} x2={width} y1={y(max * f)} y2={y(max * f)} className="stroke-slate-200" />
            <text x={left - 4} y={y(max * f) + 3} textAnchor="end" className="fill-slate-500 text-[9px]">
              {shortAmount(max * f)}
            </text>
          </g>
        ))}
        {shown.map((d, i) => {
          const x = left + i * slot + 4
          return (
            <g key={d.month}>
              <title>{`${monthLabel(d.month)}: receivable ${formatAmount(d.receivable)}, received ${formatAmount(d.received)}`}</title>
              <rect
                x={x}
                y={y(d.receivable)}
                width={12}
                height={y(0) - y(d.receivable)}
                className="fill-amber-400"
              />
              <rect
                x={x + 13}
                y={y(d.received)}
                width={12}
                height={y(0) - y(d.received)}
                className="fill-emerald-500"
              />
              <text x={x + 12} y={height - 6} textAnchor="middle" className="fill-slate-500 text-[9px]">
                {monthLabel(d.month)}
              </text>
            </g>
          )
        })}
      </svg>
      <div className="mt-2 flex gap-4 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1">
          <span className="h-2.5 w-2.5 rounded-sm bg-amber-400" /> Receivable
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="h-2.5 w-2.5 rounded-sm bg-emerald-500" /> Received
        </span>
      </div>
    </div>
  )
}
