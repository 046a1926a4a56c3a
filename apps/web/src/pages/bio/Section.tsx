import type { ReactNode } from 'react';

/** A part of the editor's form, titled. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="section">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}
