import type { ReactNode } from 'react';
import { CopyButton } from './CopyButton';

/** A secret the service shows this once (a key, an invitation's link): what it is, the value to select, and a copy button. */
export function ShownOnce({
  id,
  label,
  value,
  copy,
  children,
}: {
  id: string;
  label: string;
  value: string;
  copy: string;
  children: ReactNode;
}) {
  return (
    <div className="card secret" role="status">
      <p>{children}</p>
      <label htmlFor={id}>{label}</label>
      <input id={id} readOnly value={value} onFocus={(e) => e.target.select()} />
      <CopyButton text={value} label={copy} />
    </div>
  );
}
