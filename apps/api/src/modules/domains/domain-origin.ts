import { isIP } from 'node:net';
import { badRequest } from '../../common/api-error';

/** A DNS host name in lower case: labels of letters, digits and hyphens, a top-level label that starts with a letter. */
export const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** What is wrong with a branded domain's address (`http(s)://host[:port]`), or null when nothing is. */
export function domainProblem(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return `"${input}" is not a URL; send the scheme and host, e.g. https://go.example.com`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'the scheme must be http or https';
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    return 'send the scheme and host only, without a path, query or credentials';
  }
  const host = url.hostname.toLowerCase();
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0 || !HOST_NAME.test(host)) return `"${host}" is not a domain name`;
  return null;
}

/** `http(s)://host[:port]` in lower case, or a 400 saying what is wrong. */
export function normalizeDomain(input: string): { origin: string; host: string } {
  const problem = domainProblem(input);
  if (problem) throw badRequest(`Invalid field "domain": ${problem}.`);
  const url = new URL(input);
  return { origin: url.origin.toLowerCase(), host: url.hostname.toLowerCase() };
}
