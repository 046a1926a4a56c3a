import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { ErrorAlert } from './FormCard';

/** The lists a record's page belongs to, and what its crumb calls them. */
const LISTS = {
  '/links': 'Links',
  '/bio': 'Bio pages',
  '/campaigns': 'Campaigns',
  '/channels': 'Channels',
  '/qr': 'QR codes',
  '/webhooks': 'Webhooks',
  '/domains': 'Branded domains',
} as const;

/**
 * The top of a record's page: the crumb back to its list, its name as the page's heading (which
 * takes the focus on arrival), its buttons beside it, and what went wrong with them.
 */
export function RecordTitle({
  list,
  name,
  url,
  error,
  children,
}: {
  list: keyof typeof LISTS;
  name: string;
  url?: boolean;
  /** What went wrong with what its buttons did (deleting it). */
  error?: unknown;
  children?: ReactNode;
}) {
  return (
    <>
      <p className="crumbs">
        <Link to={list}>{LISTS[list]}</Link> /
      </p>
      <div className="title-row">
        <h1 tabIndex={-1} className={url ? 'url' : undefined}>
          <bdi>{name}</bdi>
        </h1>
        {children}
      </div>
      <ErrorAlert error={error} />
    </>
  );
}
