/** Escapes text for HTML content and quoted attributes. Everything users stored goes through it. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`=/]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * Pages that run an account's pixels on the service's own address, where the dashboard's session
 * cookie lives, run in an opaque origin: their scripts (a tag manager can load any script) run,
 * post forms, open windows and move the page on, but cannot act as the service's origin, so they
 * cannot call the API with a signed-in visitor's session. Frames inside them (the destination of
 * a frame or overlay link) are sandboxed alike. Branded domains, which have no sessions, are not.
 */
export const SANDBOX = 'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation allow-downloads';
