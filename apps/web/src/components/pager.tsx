interface PagerProps {
  page: number
  pageSize: number
  /** Rows on this page. */
  rows: number
  total: number
  /** The total is only a lower bound (a search counted up to its cap). */
  capped?: boolean
  fetching?: boolean
  onPage: (page: number) => void
}

const n = (v: number) => v.toLocaleString('en-US')

/** "Showing 51–100 of 1,234" with Previous / Next page, under every server-paged table. */
export const Pager = ({ page, pageSize, rows, total, capped = false, fetching, onPage }: PagerProps) => {
  const first = total === 0 ? 0 : page * pageSize + 1
  const last = capped ? page * pageSize + rows : Math.min(total, (page + 1) * pageSize)
  const isLastPage = capped ? rows < pageSize : last >= total
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
      <span>
        {total === 0 ? 'No entries' : `Showing ${n(first)}–${n(last)} of ${n(total)}${capped ? '+' : ''}`}
        {fetching && ' · updating...'}
      </span>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn-secondary px-3 py-1"
          disabled={page === 0}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </button>
        <button
          type="button"
          className="btn-secondary px-3 py-1"
          disabled={isLastPage}
          onClick={() => onPage(page + 1)}
        >
          Next page
        </button>
      </div>
    </div>
  )
}

/**
 * "1,000 of 4,210 lines shown" with Load more, under a statement or day book read a page at a time
 * (`pages`: its infinite query). Left off paper: the printed sheet carries the lines, not the button.
 */
export const LoadMore = ({
  shown,
  total,
  noun,
  pages,
}: {
  shown: number
  total: number
  noun: 'lines' | 'movements'
  pages: { isFetchingNextPage: boolean; fetchNextPage: () => unknown }
}) => (
  <div className="no-print flex flex-wrap items-center justify-center gap-3 py-2 text-sm text-slate-600">
    <span>
      {n(shown)} of {n(total)} {noun} shown
    </span>
    <button
      type="button"
      className="btn-secondary"
      disabled={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {pages.isFetchingNextPage ? 'Loading...' : 'Load more'}
    </button>
  </div>
)
