/** The host of a domain as it is typed or stored (`https://go.example.com` → `go.example.com`; '' when it is none). */
export function hostOf(domain: string): string {
  try {
    return new URL(domain.includes('://') ? domain : `https://${domain}`).hostname;
  } catch {
    return '';
  }
}

/** A domain as the API takes it: with its scheme (`go.example.com` → `https://go.example.com`), without a path. */
export function domainUrl(typed: string): string {
  const text = typed.trim();
  if (text === '') return '';
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
}
