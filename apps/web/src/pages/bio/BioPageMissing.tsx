import { Link } from '@tanstack/react-router';
import { isStatus } from '../../api';
import { ErrorState } from '../../components/states';

/** What a bio page's address shows when it is not one of the account's (or could not be read). */
export function BioPageMissing({ id, error, retry, title }: { id: number; error: unknown; retry: () => void; title: string }) {
  const missing = isStatus(error, 404);
  return (
    <main id="main">
      <h1 tabIndex={-1}>{missing ? 'Bio page not found' : title}</h1>
      {missing ? (
        <p>
          There is no bio page {id} in your account. <Link to="/bio">Back to your bio pages</Link>
        </p>
      ) : (
        <ErrorState error={error} retry={retry} />
      )}
    </main>
  );
}
