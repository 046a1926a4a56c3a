import { useRateLimitWait } from '../rate-limit';

/** Says, without interrupting, that the dashboard waits before sending a request again (a 429). */
export function RateLimitNotice() {
  const seconds = useRateLimitWait();
  return (
    <p className="quiet-notice" role="status" aria-live="polite" hidden={seconds === 0}>
      {seconds > 0 && `The service asked the dashboard to slow down: it tries again in ${seconds} s.`}
    </p>
  );
}
