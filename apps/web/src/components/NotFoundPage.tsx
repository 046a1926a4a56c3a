import { Link } from '@tanstack/react-router';

/** An address that is no page of the dashboard (or a page this account may not see). */
export function NotFoundPage() {
  return (
    <main id="main">
      <h1 tabIndex={-1}>Page not found</h1>
      <p>There is no page at this address.</p>
      <p>
        <Link to="/links">Go to your links</Link>
      </p>
    </main>
  );
}
