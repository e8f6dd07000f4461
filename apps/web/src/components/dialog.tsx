import * as RadixDialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import type { ReactNode } from 'react'

interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  children?: ReactNode
  /** Tailwind max-width class. */
  size?: string
  /** False for a dialog that must be answered (no close button). */
  closable?: boolean
}

/** The one modal shell: dimmed backdrop, focus trapped, Escape closes. */
export const Dialog = ({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'max-w-md',
  closable = true,
}: DialogProps) => (
  <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
      <RadixDialog.Content
        className={`fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] ${size} -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
          {closable && (
            <RadixDialog.Close className="icon-btn -mr-2 -mt-1" aria-label="Close">
              <X className="h-4 w-4" />
            </RadixDialog.Close>
          )}
        </div>
        {description ? (
          <RadixDialog.Description className="mb-4 text-sm text-slate-600">
            {description}
          </RadixDialog.Description>
        ) : (
          <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
        )}
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  </RadixDialog.Root>
)
