import type { MouseEvent } from 'react'

/**
 * Keeps focus in the field on mouse down, so its blur validation cannot insert an error line
 * that moves the button away before the click lands (the click would then be lost).
 */
export const keepFocus = (e: MouseEvent<HTMLElement>) => e.preventDefault()
