import { LinkyardError } from '@linkyard/client';

/** The API's error when it names this field exactly (not one inside it). */
export const exactly = (error: unknown, field: string): string | null =>
  error instanceof LinkyardError && error.field === field ? error.message : null;

/** The API's message about a whole group of fields (the blocks, a block, its profiles), where it is. */
export function FieldProblem({ error, field }: { error: unknown; field: string }) {
  const message = exactly(error, field);
  return message ? (
    <p className="error field-error" role="alert">
      <bdi>{message}</bdi>
    </p>
  ) : null;
}
