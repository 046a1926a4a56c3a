import type { ReactNode } from 'react';

/** A part of a long form (the link form, the bio editor), titled. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="section">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}
