/**
 * The routes the server knows, kept so an unmatched request can be told apart: a path that exists
 * with another method is a 405, anything else a 404.
 */
export class RouteTable {
  private readonly routes: { method: string; pattern: RegExp }[] = [];

  add(methods: string | string[], url: string): void {
    if (url.includes('*')) return; // the catch-all of unmatched routes serves no path of its own
    const pattern = new RegExp(
      '^' +
        url
          .split('/')
          .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/') +
        '/?$',
    );
    for (const method of Array.isArray(methods) ? methods : [methods]) {
      this.routes.push({ method: method.toUpperCase(), pattern });
    }
  }

  /** Methods that serve this path; empty when the path is unknown. */
  methodsFor(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.routes) if (route.pattern.test(path)) methods.add(route.method);
    return [...methods];
  }
}
