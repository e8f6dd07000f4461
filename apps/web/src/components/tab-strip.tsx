/** A row of buttons choosing one panel of a page (Reports, Tax): the chosen one is primary. Not printed. */
export const TabStrip = <K extends string>({
  label,
  tabs,
  current,
  onChange,
}: {
  label: string
  tabs: readonly { key: K; label: string }[]
  current: K
  onChange: (key: K) => void
}) => (
  <div className="no-print flex flex-wrap gap-2" role="tablist" aria-label={label}>
    {tabs.map((t) => (
      <button
        key={t.key}
        type="button"
        role="tab"
        aria-selected={current === t.key}
        className={current === t.key ? 'btn-primary' : 'btn-secondary'}
        onClick={() => onChange(t.key)}
      >
        {t.label}
      </button>
    ))}
  </div>
)
