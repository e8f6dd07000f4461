import type { ReactNode } from 'react'

/** The server's message for a field (or a group such as the passengers), under it in red. */
export const FieldError = ({ text }: { text?: string | undefined }) =>
  text ? <span className="text-xs text-red-700">{text}</span> : null

/**
 * One field of a desk form: its words, the box, and the server's message for it under the box.
 * The staff's `components/field.tsx` is built on react-hook-form, which the desk's small bundle
 * leaves out (decision 118). A plain input is wrapped in its label; a box that brings its own
 * element to point at (the date box) is named by `htmlFor` instead, as a label may hold one control.
 */
export const Field = ({
  label,
  error,
  htmlFor,
  className,
  children,
}: {
  label: ReactNode
  error?: string
  htmlFor?: string
  className?: string
  children: ReactNode
}) => {
  const shell = className ? `flex flex-col text-sm ${className}` : 'flex flex-col text-sm'
  return htmlFor ? (
    <div className={shell}>
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      <FieldError text={error} />
    </div>
  ) : (
    <label className={shell}>
      {label}
      {children}
      <FieldError text={error} />
    </label>
  )
}
