import nodemailer from 'nodemailer'
import { HttpError } from '../../../lib/http-error.ts'
import { type StoredSmtp, unseal } from './settings.ts'

export interface Mail {
  to: string
  subject: string
  text: string
  /** A PDF; a notice (decision 116) has none. */
  attachment?: { filename: string; content: Buffer }
}

/** SMTP answers people can act on; the server's own words follow for the details. */
const explain = (err: unknown): string => {
  const e = err as { code?: string; responseCode?: number; message?: string }
  if (e.code === 'EAUTH' || e.responseCode === 535)
    return 'The SMTP server refused the user name or password: check them in Settings'
  if (/STARTTLS/i.test(e.message ?? ''))
    return 'The SMTP server does not offer STARTTLS, so the password would go unencrypted. Use its port 587 with STARTTLS or 465 with "SSL from the start"; for a relay on the office network without encryption, tick "Accept a self-signed certificate" in Settings'
  if (/certificate|self[- ]signed|CERT_|unable to verify/i.test(`${e.code ?? ''} ${e.message ?? ''}`))
    return 'The SMTP server’s certificate could not be verified. Check its host name; for a relay on the office network with a self-signed certificate, tick "Accept a self-signed certificate" in Settings'
  if (e.code === 'ECONNREFUSED' || e.code === 'ESOCKET' || e.code === 'ETIMEDOUT' || e.code === 'EDNS')
    return 'The SMTP server could not be reached: check its host and port in Settings'
  return `The SMTP server did not accept the message: ${e.message ?? 'unknown error'}`
}

/**
 * Sends one message through the SMTP server set in Settings. Throws a 422 with a plain message
 * when the server refuses it (wrong password, unreachable); the caller logs nothing then.
 */
export const sendMail = async (smtp: StoredSmtp | null, key: Buffer, mail: Mail) => {
  if (!smtp) throw new HttpError(409, 'Set an SMTP server in Settings before sending e-mail')
  const password = unseal(key, smtp.password_sealed)
  if (password === null)
    throw new HttpError(
      409,
      'The stored SMTP password cannot be read with this server key: enter it again in Settings',
    )
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    // The certificate is checked (issue 33): unchecked, anyone on the way reads the password. An
    // admin may accept a self-signed one for a relay on the office network, warned in Settings.
    tls: { rejectUnauthorized: smtp.allow_self_signed !== true },
    // Without SSL from the start (port 587, 25), STARTTLS is required: nodemailer otherwise sends
    // the password in plain text to a server (or a man in the middle) that does not offer it.
    // The same warned setting lets a plain relay on the office network through (decision 103).
    requireTLS: !smtp.secure && smtp.allow_self_signed !== true,
  })
  try {
    await transport.sendMail({
      from: smtp.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      attachments: mail.attachment ? [{ ...mail.attachment, contentType: 'application/pdf' }] : [],
    })
  } catch (err) {
    const message = explain(err)
    throw new HttpError(422, message, { smtp: message })
  } finally {
    transport.close()
  }
}
