import { ApiError } from '../../lib/api.ts'

/** GAMCA's own load-failure texts (spec part 1 §8), instead of the generic list message. */
export const ownLoadError = (error: unknown): string => {
  if (error instanceof ApiError && error.status === 0)
    return 'No response from server. Please check your network connection.'
  if (error instanceof ApiError && error.status >= 400) {
    // An HTML error page carries no server message; the client reports it as "HTTP error! status: …".
    const message = error.message && !error.message.startsWith('HTTP error!') ? error.message : ''
    return `Server error: ${error.status}. ${message || 'Please try again later.'}`
  }
  const reason =
    error instanceof ApiError
      ? 'The server sent a page instead of data.'
      : error instanceof TypeError
        ? 'The server sent an empty response.'
        : error instanceof Error
          ? error.message
          : String(error)
  return `Failed to load data: ${reason}`
}
