import { cloneElement, createContext, use, type ReactElement } from 'react';
import { LinkyardError } from '@linkyard/client';

/** The last error of the form's request, for its fields (FormCard gives its own). */
export const FormError = createContext<unknown>(null);

/**
 * A labelled form field with its help and, when the API refused the value, the API's own message
 * beside it (the client names the field at fault: `Invalid field "tag": ...`).
 */
export function Field({
  id,
  label,
  help,
  error,
  names,
  children,
}: {
  id: string;
  label: string;
  help?: string;
  /** The last error of the form's request (default: the form's, FormError). */
  error?: unknown;
  /** The request fields this input sends, the message shown when the API names one of them (default: the id's last part, `campaign-slug` → `slug`). */
  names?: string[];
  children: ReactElement<{ id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }>;
}) {
  const formError = use(FormError);
  const message = fieldError(error ?? formError, names ?? [id.slice(id.lastIndexOf('-') + 1)]);
  const described = [help && `${id}-help`, message && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, 'aria-describedby': described, 'aria-invalid': message ? true : undefined })}
      <FieldNotes id={id} help={help} message={message} />
    </div>
  );
}

/** The API's message when it names one of these request fields as the one at fault. */
export function fieldError(error: unknown, names: string[]): string | null {
  if (!(error instanceof LinkyardError) || !error.field) return null;
  const field = error.field;
  return names.some((name) => field === name || field.startsWith(`${name}.`)) ? error.message : null;
}

/** The API's message when it names no field of the form (shown above the buttons). */
export function formError(error: unknown, names: string[]): unknown {
  if (!error) return null;
  return fieldError(error, names) ? null : error;
}

/** A field's help, and the API's message when it refused the value (`{id}-help`, `{id}-error`, which the input names). */
export function FieldNotes({ id, help, message }: { id: string; help?: string; message: string | null }) {
  return (
    <>
      {help && (
        <p id={`${id}-help`} className="help">
          {help}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="error field-error" role="alert">
          <bdi>{message}</bdi>
        </p>
      )}
    </>
  );
}
