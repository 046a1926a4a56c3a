import type { Domain } from '../../resources/domains';

/** Where a domain's bare address and its unknown aliases send visitors: terms of a description list. */
export function RedirectFacts({ domain }: { domain: Domain }) {
  return (
    <>
      <dt>The bare domain sends to</dt>
      <dd className="url">
        {domain.redirectroot ? <bdi>{domain.redirectroot}</bdi> : <span className="muted">Nowhere (a page of its own)</span>}
      </dd>
      <dt>An unknown alias sends to</dt>
      <dd className="url">{domain.redirect404 ? <bdi>{domain.redirect404}</bdi> : <span className="muted">The not-found page</span>}</dd>
    </>
  );
}
