/**
 * `linkyard_http_request_duration_seconds`: the one metric every request touches, redirects
 * included, so it is kept outside prom-client. prom-client's `observe` hashes its labels into a
 * string on every call (half a microsecond, and garbage); here the labels are settled once per
 * route when the route is registered, and a request only picks its series by method (one of the
 * known ones, or `other`) and status class and adds to a bucket: no allocation. The text it writes is the Prometheus histogram
 * exposition, the same as prom-client's (see request-durations.spec.ts).
 */

import { redactUrl } from '../common/redaction';

export const REQUEST_DURATION_NAME = 'linkyard_http_request_duration_seconds';

/** From a quarter of a millisecond (a cached redirect) to ten seconds (a large export). */
export const REQUEST_DURATION_BUCKETS: readonly number[] = [
  0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

/** Which side of the service a route belongs to: the JSON API, the public pages, or the probes. */
export type Area = 'api' | 'public' | 'meta';

/** The route label of requests no route pattern matched, whatever their path. */
export const UNMATCHED_ROUTE = 'unmatched';

const STATUS_CLASSES = ['', '1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/** The methods the service's routes answer; any other (PROPFIND, MKCOL...) is labelled `other`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
export const OTHER_METHOD = 'other';

class Series {
  /** Counts per bucket (not cumulative), the last one past the largest bound. */
  readonly counts = new Float64Array(REQUEST_DURATION_BUCKETS.length + 1);
  sum = 0;
  count = 0;

  observe(seconds: number): void {
    let index = 0;
    while (index < REQUEST_DURATION_BUCKETS.length && seconds > REQUEST_DURATION_BUCKETS[index]!) index += 1;
    this.counts[index]! += 1;
    this.sum += seconds;
    this.count += 1;
  }
}

/** The series of one route pattern: by method, then by status class (index 1 to 5). */
export class RouteDurations {
  private readonly byMethod = new Map<string, (Series | undefined)[]>();

  constructor(
    readonly area: Area,
    readonly route: string,
  ) {}

  observe(method: string, status: number, seconds: number): void {
    // Only the known methods get series of their own: no request adds one (docs/operations.md).
    const label = METHODS.has(method) ? method : OTHER_METHOD;
    let classes = this.byMethod.get(label);
    if (classes === undefined) this.byMethod.set(label, (classes = []));
    const index = status >= 100 && status < 600 ? (status / 100) | 0 : 5;
    (classes[index] ??= new Series()).observe(seconds);
  }

  /** The exposition lines of this route's series. */
  lines(out: string[]): void {
    for (const [method, classes] of this.byMethod) {
      classes.forEach((series, index) => {
        if (series === undefined) return;
        const labels = `area="${this.area}",route="${escapeLabel(this.route)}",method="${escapeLabel(method)}",status_class="${STATUS_CLASSES[index]}"`;
        let cumulative = 0;
        REQUEST_DURATION_BUCKETS.forEach((bound, bucket) => {
          cumulative += series.counts[bucket]!;
          out.push(`${REQUEST_DURATION_NAME}_bucket{le="${bound}",${labels}} ${cumulative}`);
        });
        out.push(`${REQUEST_DURATION_NAME}_bucket{le="+Inf",${labels}} ${series.count}`);
        out.push(`${REQUEST_DURATION_NAME}_sum{${labels}} ${series.sum}`);
        out.push(`${REQUEST_DURATION_NAME}_count{${labels}} ${series.count}`);
      });
    }
  }
}

/** Every route's series, and their text for a scrape. */
export class RequestDurations {
  private readonly routes = new Map<string, RouteDurations>();

  /**
   * The series of a route pattern (made once, when the route is registered), labelled by the
   * redaction rule the logs and traces follow (common/redaction.ts): a pattern keeps its path.
   */
  route(area: Area, route: string): RouteDurations {
    const label = route === UNMATCHED_ROUTE ? route : redactUrl(route);
    const key = `${area} ${label}`;
    let durations = this.routes.get(key);
    if (durations === undefined) this.routes.set(key, (durations = new RouteDurations(area, label)));
    return durations;
  }

  /** The histogram in the Prometheus text format, ending in a line break. */
  exposition(): string {
    const out = [
      `# HELP ${REQUEST_DURATION_NAME} Time from a request's arrival to its answer's end, by area, route pattern, method and status class.`,
      `# TYPE ${REQUEST_DURATION_NAME} histogram`,
    ];
    for (const route of this.routes.values()) route.lines(out);
    return `${out.join('\n')}\n`;
  }
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}
