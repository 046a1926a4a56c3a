import type { ReactNode } from 'react';
import type { Row } from './link-draft';

/** A labelled field whose help the input names (aria-describedby). */
export function Labelled({ id, label, help, children }: { id: string; label: string; help?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {help && (
        <p id={`${id}-help`} className="help">
          {help}
        </p>
      )}
    </div>
  );
}

/** A list of rows of text fields (targets, parameters), each removable, at most `most` of them. */
export function RowsField({
  legend,
  rows,
  onChange,
  fields,
  most,
  name = (index) => String(index + 1),
  addLabel,
  children,
}: {
  legend: string;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  fields: { key: string; label: string; type?: string; options?: string[]; inputMode?: 'numeric' }[];
  most?: number;
  /** How a row is named in its fields' labels: its number from 1, unless said otherwise. */
  name?: (index: number) => string;
  addLabel?: string;
  /** What the fieldset shows before its rows. */
  children?: ReactNode;
}) {
  const update = (index: number, key: string, value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  return (
    <fieldset className="rows">
      <legend>{legend}</legend>
      {children}
      {rows.map((row, index) => (
        <div className="row" key={index}>
          {fields.map((field) => {
            const id = `${legend}-${field.key}-${index}`.replace(/\W+/g, '-');
            return (
              <div className="field" key={field.key}>
                <label htmlFor={id}>
                  {field.label} {name(index)}
                </label>
                {field.options ? (
                  <select id={id} value={row[field.key] ?? ''} onChange={(e) => update(index, field.key, e.target.value)}>
                    <option value="">Choose…</option>
                    {field.options.map((option) => (
                      <option key={option}>{option}</option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={id}
                    type={field.type ?? 'text'}
                    inputMode={field.inputMode}
                    value={row[field.key] ?? ''}
                    onChange={(e) => update(index, field.key, e.target.value)}
                  />
                )}
              </div>
            );
          })}
          <button
            type="button"
            className="small secondary"
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
            aria-label={`Remove ${legend.toLowerCase()} row ${name(index)}`}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className="small secondary"
        onClick={() => onChange([...rows, {}])}
        disabled={most !== undefined && rows.length >= most}
      >
        {addLabel ?? `Add ${legend.toLowerCase()}`}
      </button>
    </fieldset>
  );
}
