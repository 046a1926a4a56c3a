import type { ReactNode } from 'react';
import { errorMessage, isStatus } from '../api';

export function Loading({ label }: { label: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      {label}…
    </p>
  );
}

/** An API error, in the API's own words, with a way to try again. */
export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <div className="error" role="alert">
      <p>{isStatus(error, 503) ? 'The service is unavailable for a moment.' : 'Something went wrong.'}</p>
      <p>
        <bdi>{errorMessage(error)}</bdi>
      </p>
      {retry && (
        <button type="button" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="empty">{children}</div>;
}
