import type { FormEvent, ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '../api';
import { FormError, fieldError } from './Field';

/**
 * The API's refusal, in its own words, when it names none of the form's own fields (those are
 * shown beside their field); nothing otherwise.
 */
export function ErrorAlert({ error, fields = [], className = 'error' }: { error: unknown; fields?: string[]; className?: string }) {
  if (!error || fieldError(error, fields)) return null;
  return (
    <p className={className} role="alert">
      <bdi>{errorMessage(error)}</bdi>
    </p>
  );
}

/** What a form says once it worked ("Saved."), read out by a screen reader. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="notice" role="status">
      {children}
    </p>
  );
}

/** What a form needs of its request: its last error, and whether it is on its way. */
interface Sending {
  error: unknown;
  isPending: boolean;
}

/** A form's last line: what went wrong (when it is no field's), the submit button, and a way out. */
export function FormActions({
  save,
  fields,
  submit,
  onCancel,
  cancel,
  disabled = false,
}: {
  /** The request the form sends (its error, whether it is on its way). */
  save: Sending;
  fields: string[];
  submit: string;
  onCancel?: () => void;
  /** Another way out than a Cancel button (a link back). */
  cancel?: ReactNode;
  /** The form cannot be sent as it is (nothing chosen yet). */
  disabled?: boolean;
}) {
  return (
    <>
      <ErrorAlert error={save.error} fields={fields} />
      <div className="actions">
        <button type="submit" disabled={save.isPending || disabled}>
          {save.isPending ? 'Saving…' : submit}
        </button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
        {cancel}
      </div>
    </>
  );
}

/**
 * A form in a card: its title (a heading and the form's name), its fields, and its actions. The
 * browser's own checks are left to the service, whose messages are shown beside the fields.
 */
export function FormCard({
  of,
  onSubmit,
  children,
  level = 'h2',
  ...actions
}: {
  /** What the form makes or changes: its noun, and the name of the record it changes (none: a new one). */
  of: { noun: string; editing?: string } | { title: string; submit: string };
  onSubmit: () => void;
  children: ReactNode;
  level?: 'h2' | 'h3';
} & Omit<Parameters<typeof FormActions>[0], 'submit'>) {
  const Heading = level;
  const title = 'title' in of ? of.title : of.editing !== undefined ? `Edit ${of.editing}` : `New ${of.noun}`;
  const submit = 'submit' in of ? of.submit : `${of.editing !== undefined ? 'Save' : 'Create'} ${of.noun}`;
  return (
    <form
      className="card form"
      aria-label={title}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Heading>
        <bdi>{title}</bdi>
      </Heading>
      <FormError value={actions.save.error}>{children}</FormError>
      <FormActions {...actions} submit={submit} />
    </form>
  );
}

/** The record pages a form's Cancel goes back to, by the list they belong to. */
const RECORD_PAGE = { '/links': '/links/$id', '/bio': '/bio/$id', '/qr': '/qr/$id' } as const;

/** A form's way out: back to the record it changes, or to the list a new one would join. */
export function CancelLink({ list, id }: { list: keyof typeof RECORD_PAGE; id?: number }) {
  return id === undefined ? (
    <Link to={list} className="button secondary">
      Cancel
    </Link>
  ) : (
    <Link to={RECORD_PAGE[list]} params={{ id }} className="button secondary">
      Cancel
    </Link>
  );
}
