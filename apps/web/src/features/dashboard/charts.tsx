import { formatAmount, formatCompactAmount } from '@booking/shared'
import { useIsMobile } from '../../lib/use-is-mobile.ts'

/**
 * Two small hand-written SVG charts: a chart library would triple the dashboard chunk
 * for what is a handful of rectangles.
 */

export const TypeBars = ({ data }: { data: Array<{ type: string; count: number }> }) => {
  const mobile = useIsMobile()
  if (data.length === 0) return <p className="py-8 text-center text-sm text-slate-500">No data available</p>
  const max = Math.max(1, ...data.map((d) => d.count))
  const row = 26
  const labelW = 100
  // About the box's own width (a third of the row on desktops, the screen on phones), so the
  // 11-unit labels stay near 11 px once scaled.
  const width = mobile ? 320 : 300
  const barW = width - labelW - 50
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
  const mobile = useIsMobile()
  if (data.length === 0) return <p className="py-8 text-center text-sm text-slate-500">No data available</p>
  // Phones show the last six months, desktops twelve, so labels keep a readable size.
  const shown = data.slice(mobile ? -6 : -12)
  const max = Math.max(1, ...shown.flatMap((d) => [d.receivable, d.received]))
  // The drawing is about as wide as the screen's box, so 10-unit text stays near 10 px.
  const width = mobile ? 340 : 760
  const height = mobile ? 220 : 240
  const left = 58
  const bottom = 22
  // Slots share the whole width; at least six, so one month does not become a giant bar.
  const slot = (width - left - 8) / Math.max(mobile ? 3 : 6, shown.length)
  const bar = Math.min(26, slot * 0.36)
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
            <text x={left - 4} y={y(max * f) + 3} textAnchor="end" className="fill-slate-500 text-[10px]">
              {formatCompactAmount(Math.round(max * f))}
            </text>
          </g>
        ))}
        {shown.map((d, i) => {
          const x = left + i * slot + slot / 2 - bar
          return (
            <g key={d.month}>
              <title>{`${monthLabel(d.month)}: receivable ${formatAmount(d.receivable)}, received ${formatAmount(d.received)}`}</title>
              <rect
                x={x}
                y={y(d.receivable)}
                width={bar}
                height={y(0) - y(d.receivable)}
                className="fill-amber-400"
              />
              <rect
                x={x + bar + 1}
                y={y(d.received)}
                width={bar}
                height={y(0) - y(d.received)}
                className="fill-emerald-500"
              />
              <text x={x + bar} y={height - 6} textAnchor="middle" className="fill-slate-500 text-[10px]">
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
