import { type AgencySettings, AgencySettingsInput, LOGO_MAX_BYTES, PROVINCES } from '@booking/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { toast } from 'sonner'
import { CollectSettings } from '../../components/collect-settings.tsx'
import { ApiError, api } from '../../lib/api.ts'
import { useBankOptions } from '../../lib/select-options.ts'

type TextKey =
  | 'name'
  | 'address'
  | 'phone'
  | 'email'
  | 'currency'
  | 'time_zone'
  | 'ntn'
  | 'strn'
  | 'tariff_heading'

const FIELDS: Array<{ key: TextKey; label: string; type?: string; hint?: string }> = [
  { key: 'name', label: 'Agency name' },
  { key: 'address', label: 'Address' },
  { key: 'phone', label: 'Phone' },
  { key: 'email', label: 'Email', type: 'email' },
  { key: 'currency', label: 'Currency label', hint: 'Shown before amounts, e.g. Rs' },
  { key: 'time_zone', label: 'Time zone', hint: 'e.g. Asia/Karachi' },
  { key: 'ntn', label: 'NTN', hint: 'National Tax Number, printed on tax invoices' },
  { key: 'strn', label: 'SNTN / STRN', hint: 'Sales tax registration; sales are taxed once it is set' },
  { key: 'tariff_heading', label: 'Tariff heading', hint: 'Printed on tax invoices; 9805.5000 when empty' },
]

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })

/** Agency settings (admins): the header of every receipt, statement and report. */
const SettingsPage = () => {
  const qc = useQueryClient()
  const current = useQuery({
    queryKey: ['admin-settings'],
    queryFn: async () => (await api.get<{ settings: AgencySettings }>('/admin/settings')).settings,
  })
  const [form, setForm] = useState<AgencySettings | null>(null)
  const banks = useBankOptions(form?.default_bank, (name) => name, 'None')
  const [errors, setErrors] = useState<Record<string, string>>({})
  useEffect(() => {
    if (current.data && !form) setForm(current.data)
  }, [current.data, form])
  const save = useMutation({
    mutationFn: (body: AgencySettings) => api.put<{ settings: AgencySettings }>('/admin/settings', body),
    onSuccess: () => {
      toast.success('Settings saved')
      qc.invalidateQueries({ queryKey: ['admin-settings'] })
      qc.invalidateQueries({ queryKey: ['agency'] })
    },
    onError: (err) => {
      if (err instanceof ApiError) setErrors(err.errors)
      toast.error((err as Error).message)
    },
  })
  if (!form) return <p className="py-10 text-center text-slate-500">Loading data...</p>
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = AgencySettingsInput.safeParse(form)
    if (!parsed.success) {
      const next: Record<string, string> = {}
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message
      setErrors(next)
      return
    }
    setErrors({})
    save.mutate(parsed.data)
  }
  const pickLogo = async (file: File | undefined) => {
    if (!file) return
    if (!/^image\/(png|jpeg)$/.test(file.type)) {
      setErrors((e) => ({ ...e, logo: 'Logo must be a PNG or JPEG image' }))
      return
    }
    if (file.size > LOGO_MAX_BYTES) {
      setErrors((e) => ({ ...e, logo: 'Logo must be at most 200 kB' }))
      return
    }
    const logo = await readAsDataUrl(file)
    setErrors(({ logo: _, ...rest }) => rest)
    setForm((f) => (f ? { ...f, logo } : f))
  }
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">Settings</h1>
      <form className="card grid max-w-2xl gap-4 p-4 sm:grid-cols-2 sm:p-6" onSubmit={submit} noValidate>
        {FIELDS.map((f) => (
          <label key={f.key} className={f.key === 'address' || f.key === 'name' ? 'sm:col-span-2' : ''}>
            <span className="label">{f.label}</span>
            <input
              className={`input ${errors[f.key] ? 'input-error' : ''}`}
              type={f.type ?? 'text'}
              value={form[f.key] ?? ''}
              aria-invalid={!!errors[f.key] || undefined}
              onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
            />
            {errors[f.key] ? (
              <span className="mt-1 block text-xs text-red-600">{errors[f.key]}</span>
            ) : f.hint ? (
              <span className="mt-1 block text-xs text-slate-500">{f.hint}</span>
            ) : null}
          </label>
        ))}
        <label>
          <span className="label">Default bank</span>
          <select
            className="input"
            value={form.default_bank}
            onChange={(e) => setForm({ ...form, default_bank: e.target.value })}
          >
            <option value="">None</option>
            {banks.options.map((o) => {
              const value = typeof o === 'string' ? o : o.value
              return (
                <option key={value} value={value}>
                  {typeof o === 'string' ? o : o.label}
                </option>
              )
            })}
          </select>
          <span className="mt-1 block text-xs text-slate-500">
            Filled in where a form needs a bank and none was paid in (e.g. a token paid in cash only)
          </span>
        </label>
        <label>
          <span className="label">Province</span>
          <select
            className="input"
            value={form.province ?? ''}
            onChange={(e) => setForm({ ...form, province: e.target.value })}
          >
            <option value="">None</option>
            {PROVINCES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
          <span className="mt-1 block text-xs text-slate-500">Its tax authority taxes sales by default</span>
        </label>
        <label className="flex items-center gap-2 self-end pb-2">
          <input
            type="checkbox"
            checked={form.prices_include_tax ?? false}
            onChange={(e) => setForm({ ...form, prices_include_tax: e.target.checked })}
          />
          <span className="text-sm">Prices typed include sales tax</span>
        </label>
        <div className="sm:col-span-2">
          <span className="label">Logo (PNG or JPEG, at most 200 kB)</span>
          <div className="flex flex-wrap items-center gap-3">
            {form.logo ? (
              <img src={form.logo} alt="Agency logo" className="h-16 w-16 rounded border object-contain" />
            ) : (
              <span className="text-sm text-slate-500">No logo</span>
            )}
            <input
              type="file"
              accept="image/png,image/jpeg"
              aria-label="Logo"
              className="text-sm"
              onChange={(e) => void pickLogo(e.target.files?.[0])}
            />
            {form.logo && (
              <button type="button" className="btn-secondary" onClick={() => setForm({ ...form, logo: '' })}>
                Remove logo
              </button>
            )}
          </div>
          {errors.logo && <span className="mt-1 block text-xs text-red-600">{errors.logo}</span>}
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            Save Settings
          </button>
        </div>
      </form>
      <CollectSettings />
    </section>
  )
}

export default SettingsPage
