/**
 * A multipart/form-data body (a browser's file upload) split into its parts. The import calls
 * take one small file, so the body is read whole (bodyLimit) rather than streamed; no dependency.
 */
export interface Part {
  name: string
  filename: string | null
  data: Buffer
}

export const boundaryOf = (contentType: string | undefined) =>
  /boundary=(?:"([^"]+)"|([^;]+))/i
    .exec(contentType ?? '')
    ?.slice(1)
    .find(Boolean) ?? null

export const parseMultipart = (body: Buffer, boundary: string): Part[] => {
  const delimiter = Buffer.from(`--${boundary}`)
  const parts: Part[] = []
  let at = body.indexOf(delimiter)
  while (at >= 0) {
    const start = at + delimiter.length
    // "--" after a delimiter closes the body.
    if (body.subarray(start, start + 2).toString() === '--') break
    const next = body.indexOf(delimiter, start)
    if (next < 0) break
    const chunk = body.subarray(start + 2, next - 2)
    const split = chunk.indexOf('\r\n\r\n')
    if (split >= 0) {
      const head = chunk.subarray(0, split).toString('utf8')
      const disposition = /content-disposition:[^\r\n]*/i.exec(head)?.[0] ?? ''
      const name = /\bname="([^"]*)"/i.exec(disposition)?.[1]
      const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null
      if (name !== undefined) parts.push({ name, filename, data: chunk.subarray(split + 4) })
    }
    at = next
  }
  return parts
}
