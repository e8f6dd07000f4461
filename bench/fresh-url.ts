/**
 * `url` with `fresh=n` added: the API ignores the parameter, so every n is a URL the answer cache
 * has never seen and the request is answered by the handler, as the first look after a write is.
 */
export const freshUrl = (url: string, n: number) => `${url}${url.includes('?') ? '&' : '?'}fresh=${n}`
