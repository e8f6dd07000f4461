import { ApiError, SESSION_ENDED } from '../../lib/api.ts'

/** A read that failed: the session's end, the server's reason for a 4xx, else the usual words. */
export const LoadFailed = ({ error }: { error: unknown }) => (
  <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
    {error instanceof ApiError && error.status === 401
      ? SESSION_ENDED
      : error instanceof ApiError && error.status > 0 && error.status < 500
        ? error.message
        : 'Failed to load data. Please try again later.'}
  </div>
)
