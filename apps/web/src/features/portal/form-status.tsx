/** What a desk form's last send came to: sent (green) or refused (red), read out by screen readers. */
export const FormStatus = ({ notice }: { notice: { ok: boolean; text: string } | null }) =>
  notice && (
    <p role="status" className={`text-sm sm:col-span-2 ${notice.ok ? 'text-green-700' : 'text-red-700'}`}>
      {notice.text}
    </p>
  )
