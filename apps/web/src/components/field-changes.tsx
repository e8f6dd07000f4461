import type { FieldChange } from '@booking/shared'
import { fieldLabel, formatFieldValue } from './field-value.ts'

/** Field by field, before → after; long values (passenger lists) wrap instead of widening the page. */
export const FieldChanges = ({ changes, hide = [] }: { changes: FieldChange[]; hide?: string[] }) => {
  const shown = changes.filter((c) => !hide.includes(c.field))
  if (shown.length === 0) return <p className="text-sm text-slate-500">No field changed.</p>
  return (
    <table className="w-full table-fixed text-sm">
      <thead>
        <tr className="text-left text-xs uppercase text-slate-500">
          <th className="w-1/4 py-1 pr-2 font-medium">Field</th>
          <th className="py-1 pr-2 font-medium">Before</th>
          <th className="py-1 font-medium">After</th>
        </tr>
      </thead>
      <tbody>
        {shown.map((c) => (
          <tr key={c.field} className="border-t border-slate-100 align-top">
            <td className="py-1 pr-2 font-medium text-slate-700">{fieldLabel(c.field)}</td>
            <td className="break-words py-1 pr-2 text-red-700">{formatFieldValue(c.field, c.before)}</td>
            <td className="break-words py-1 text-green-800">
              <span aria-hidden>→ </span>
              {formatFieldValue(c.field, c.after)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
