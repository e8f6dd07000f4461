import type { NetProfit, NetProfitLine } from '@booking/shared'

const td = 'py-1 pr-2'
const tdr = `${td} whitespace-nowrap text-right tabular-nums`

/** One section (income, cost of sales, expenses): its accounts, then its total. */
const Section = ({
  title,
  lines,
  total,
  money,
}: {
  title: string
  lines: NetProfitLine[]
  total: number
  money: (v: number) => string
}) => (
  <>
    <tr className="border-b border-slate-200">
      <th colSpan={2} className="pt-3 pb-1 text-left text-xs uppercase text-slate-500">
        {title}
      </th>
    </tr>
    {lines.map((l) => (
      <tr key={l.code} className="border-b border-slate-100">
        <td className={`${td} pl-3`}>{l.name}</td>
        <td className={tdr}>{money(l.amount)}</td>
      </tr>
    ))}
    {lines.length === 0 && (
      <tr className="border-b border-slate-100">
        <td className={`${td} pl-3 text-slate-500`}>None in this period</td>
        <td />
      </tr>
    )}
    <tr className="font-semibold">
      <td className={td}>Total {title.toLowerCase()}</td>
      <td className={tdr}>{money(total)}</td>
    </tr>
  </>
)

/**
 * Net profit (decision 053): the books' income, less cost of sales (the gross profit the Profit
 * report totals), less expenses.
 */
export const NetProfitReport = ({ data, money }: { data: NetProfit; money: (v: number) => string }) => {
  const t = data.totals
  return (
    <table className="w-full text-sm" aria-label="Net profit">
      <tbody>
        <Section title="Income" lines={data.income} total={t.income} money={money} />
        <Section title="Cost of sales" lines={data.cost_of_sales} total={t.cost_of_sales} money={money} />
        <tr className="border-y border-slate-300 font-semibold">
          <td className={`${td} py-2`}>Gross profit</td>
          <td className={`${tdr} py-2`}>{money(t.gross_profit)}</td>
        </tr>
        <Section title="Expenses" lines={data.expenses} total={t.expenses} money={money} />
        <tr className="border-t-2 border-slate-400 text-base font-semibold">
          <td className={`${td} py-2`}>Net profit</td>
          <td className={`${tdr} py-2`} data-testid="report-total">
            {money(t.net_profit)}
          </td>
        </tr>
      </tbody>
    </table>
  )
}
