import { Link } from '@tanstack/react-router';

/** The record pages a card links to. */
type RecordPath = '/campaigns/$id' | '/qr/$id' | '/webhooks/$id';

/** A card's heading: the record's name, a link to its page. */
export function CardTitle({ to, id, name, url }: { to: RecordPath; id: number; name: string; url?: boolean }) {
  return (
    <h2 className={url ? 'url' : undefined}>
      <Link to={to} params={{ id }}>
        <bdi>{name}</bdi>
      </Link>
    </h2>
  );
}
