import type { ReactNode } from 'react';

/** A column heading: its words, and a class (`num` for a column of numbers) when it has one. */
export type Header = ReactNode | { label: ReactNode; className: string };

/**
 * A table of records in a region that scrolls sideways when it must, reachable with the keyboard
 * (a screen reader names the region and the table). `children` are the rows. `busy`: the rows
 * are an earlier query's, shown while the next one loads (marked busy, and dimmed).
 */
export function DataTable({
  label,
  labelledBy,
  caption,
  headers,
  className,
  wrap = 'table-wrap',
  busy,
  children,
}: {
  label?: string;
  labelledBy?: string;
  caption?: string;
  headers: Header[];
  className?: string;
  wrap?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wrap} role="region" aria-label={label} aria-labelledby={labelledBy} tabIndex={0} aria-busy={busy}>
      <table className={className}>
        <caption className="visually-hidden">{caption ?? label}</caption>
        <thead>
          <tr>
            {headers.map((header, index) =>
              typeof header === 'object' && header !== null && 'label' in header ? (
                <th key={index} scope="col" className={header.className}>
                  {header.label}
                </th>
              ) : (
                <th key={index} scope="col">
                  {header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
