import { useEffect, useState } from 'react'

/** The spec's mobile breakpoint: below 768 px the sidebar is a drawer and tables become cards. */
const MOBILE_QUERY = '(max-width: 767px)'

const matches = () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(MOBILE_QUERY).matches)

export const useIsMobile = () => {
  const [mobile, setMobile] = useState(matches)
  useEffect(() => {
    const mq = window.matchMedia?.(MOBILE_QUERY)
    if (!mq) return
    const onChange = () => setMobile(mq.matches)
    mq.addEventListener('change', onChange)
    return () => mq.removeEventListener('change', onChange)
  }, [])
  return mobile
}
