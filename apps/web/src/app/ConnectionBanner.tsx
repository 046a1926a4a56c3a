import { useServiceReachable } from '../connection';

/** On every page while the service does not answer: what is shown may be out of date, and it is tried again. */
export function ConnectionBanner() {
  const reachable = useServiceReachable();
  return (
    <div className="connection-banner" role="status" aria-live="polite" hidden={reachable}>
      {!reachable && (
        <p>
          <strong>The service cannot be reached.</strong> What this page shows may be out of date; the dashboard keeps trying and refreshes
          it once the service answers.
        </p>
      )}
    </div>
  );
}
