/**
 * The routes the server knows, kept so an unmatched request can be told apart: a path that exists
 * with another method is a 405, anything else a 404.
 */
export class RouteTable {
  private readonly routes: { method: string; pattern: RegExp; fixed: boolean }[] = [];
  /** The paths of the routes without a parameter, for a lookup that scans nothing. */
  private readonly fixedPaths = new Set<string>();

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
    const fixed = !url.includes(':');
    if (fixed) this.fixedPaths.add(url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url);
    for (const method of Array.isArray(methods) ? methods : [methods]) {
      this.routes.push({ method: method.toUpperCase(), pattern, fixed });
    }
  }

  /**
   * Methods that serve this path; empty when the path is unknown. A path the service serves as
   * such (`/readyz`) is served by its own routes only: the parametric routes it also matches
   * (`/:alias`, a short link's) are not its methods.
   */
  methodsFor(path: string): string[] {
    const matching = this.routes.filter((route) => route.pattern.test(path));
    const own = matching.some((route) => route.fixed) ? matching.filter((route) => route.fixed) : matching;
    return [...new Set(own.map((route) => route.method))];
  }

  /** Whether a route without a parameter serves this path (given without a trailing slash). */
  isFixed(path: string): boolean {
    return this.fixedPaths.has(path);
  }

  /** Methods of the routes that serve exactly this path (no parameter), if any. */
  fixedMethodsFor(path: string): string[] {
    return [...new Set(this.routes.filter((route) => route.fixed && route.pattern.test(path)).map((route) => route.method))];
  }
}
