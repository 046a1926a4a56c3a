import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isStatus } from '../api';
import { ErrorState } from '../components/states';
export { NotFoundPage } from '../components/NotFoundPage';
import { forgetFailedLoads, isLoadFailure } from './lazy-page';

/**
 * What a route shows when it fails: its page's code could not be loaded (the service unreachable),
 * or the page failed. It says so and offers to try again, which loads the page anew; the menu stays.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => {
    forgetFailedLoads();
    reset();
    void router.invalidate();
  };
  const code = error instanceof TypeError || isLoadFailure(error);
  return (
    <main id="main">
      <h1 tabIndex={-1}>This page could not be shown</h1>
      {code ? (
        <div className="error" role="alert">
          <p>Its code could not be loaded: the service may be unreachable.</p>
          <button type="button" onClick={retry}>
            Try again
          </button>
        </div>
      ) : (
        <ErrorState error={error} retry={isStatus(error, 404) ? undefined : retry} />
      )}
    </main>
  );
}
