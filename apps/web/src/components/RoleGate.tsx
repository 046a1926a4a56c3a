import type { ReactNode } from 'react';
import { NEEDS } from '@linkyard/spec/roles';
import { allows, type Operation } from '../roles';
import { useCan, useCurrentWorkspace } from '../current-workspace';
import { Loading } from './states';

/**
 * A page that only some roles may use (a form that makes or changes records): shown to them; the
 * others get a page titled `title` telling which role it needs, rather than a form the service
 * would refuse.
 */
export function RoleGate({
  operation,
  doing,
  title,
  children,
}: {
  operation: Operation;
  doing: string;
  title: string;
  children: ReactNode;
}) {
  const workspace = useCurrentWorkspace();
  if (workspace.role !== null && allows(workspace.role, operation)) return children;
  const need = NEEDS[operation];
  const needed = typeof need === 'object' ? need.role : need;
  return (
    <main id="main">
      <h1 tabIndex={-1}>{title}</h1>
      {workspace.role === null ? (
        <Loading label="Loading your role" />
      ) : (
        <div className="card" role="status">
          <p>
            Your role in <bdi>{workspace.name}</bdi> is {workspace.role}: {doing} needs {needed} or above. Ask an admin of the workspace.
          </p>
        </div>
      )}
    </main>
  );
}

/** What only some roles may use (a button that changes a record): shown to them alone. */
export function Can({ operation, children }: { operation: Operation; children: ReactNode }) {
  return useCan(operation) ? children : null;
}
