import type { ApiResponse, TestApi } from './app';

/** The Set-Cookie values of an answer, in order (a sign-in's: the session's, then the device's). */
export function setCookies(response: ApiResponse): string[] {
  const header = response.headers['set-cookie'];
  return Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
}

/** The session cookie a sign-in set, as a browser would send it back. */
export function cookieOf(response: ApiResponse): string {
  const cookies = setCookies(response);
  return (cookies.find((cookie) => /^(__Host-)?linkyard_session=/.test(cookie)) ?? cookies[0] ?? '').split(';', 1)[0]!;
}

/** The device cookie a password sign-in set, as a browser would send it back ('' when none). */
export function deviceCookieOf(response: ApiResponse): string {
  return (setCookies(response).find((cookie) => cookie.includes('linkyard_device=')) ?? '').split(';', 1)[0]!;
}

/** `POST /session` from an address, with the cookies given (a device cookie); the session's cookie and proof. */
export async function signIn(api: TestApi, body: Record<string, unknown>, remoteAddress = '198.51.100.7', cookie?: string) {
  const response = await api.request('POST', '/l/api/session', { key: null, body, remoteAddress, headers: cookie ? { cookie } : {} });
  return { response, cookie: response.status === 200 ? cookieOf(response) : '', csrf: response.body?.data?.csrf as string };
}

/** A request as the dashboard sends it: the cookie, and the proof on changing requests. */
export function asBrowser(cookie: string, csrf?: string, extra: Record<string, string> = {}) {
  return { key: null, headers: { cookie, ...(csrf ? { 'x-linkyard-csrf': csrf } : {}), 'sec-fetch-site': 'same-origin', ...extra } };
}
