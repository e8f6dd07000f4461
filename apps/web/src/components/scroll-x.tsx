import { type ReactNode, useEffect, useRef, useState } from 'react'

/**
 * A wide table in a sideways-scrolling box that says so (issue 23.5): when columns run past the
 * right edge a line above the table tells the reader to swipe, and a shadow marks the cut edge.
 */
export const ScrollX = ({ children, className = '' }: { children: ReactNode; className?: string }) => {
  const box = useRef<HTMLDivElement>(null)
  const [more, setMore] = useState({ left: false, right: false })
  useEffect(() => {
    const el = box.current
    if (!el) return
    const measure = () =>
      setMore({
        left: el.scrollLeft > 1,
        right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1,
      })
    measure()
    const seen = new ResizeObserver(measure)
    seen.observe(el)
    if (el.firstElementChild) seen.observe(el.firstElementChild)
    el.addEventListener('scroll', measure, { passive: true })
    return () => {
      seen.disconnect()
      el.removeEventListener('scroll', measure)
    }
  }, [])
  return (
    <div className={`relative ${className}`}>
      {(more.left || more.right) && (
        <p className="no-print mb-1 text-xs text-slate-500" data-testid="scroll-hint">
          {more.right ? 'Swipe left to see more columns →' : '← Swipe right for the first columns'}
        </p>
      )}
      {/* Positioned, so an absolutely placed cell text (sr-only) is clipped by the box, not the page. */}
      <div ref={box} className="relative overflow-x-auto">
        {children}
      </div>
      {more.right && (
        <div
          aria-hidden
          className="no-print pointer-events-none absolute bottom-0 right-0 top-5 w-6 bg-gradient-to-l from-white"
        />
      )}
    </div>
  )
}
