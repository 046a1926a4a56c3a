import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useWorkspaces } from '../resources/workspaces';
import { chooseWorkspace, useChosenWorkspace } from '../workspace';

/**
 * The workspace the dashboard acts in, chosen in the header (shown once the person is in more than
 * their own). Choosing one shows its links. A person no longer in the chosen workspace (removed by
 * an admin, the workspace deleted) is taken back to their own at their next request, and told so.
 */
export function WorkspaceSwitcher({ own }: { own: number }) {
  const workspaces = useWorkspaces();
  const chosen = useChosenWorkspace();
  const navigate = useNavigate();
  const [left, setLeft] = useState<string | null>(null);
  // The names of the workspaces seen, to say which one the person left once it is off the list.
  const names = useRef(new Map<number, string>());

  const list = workspaces.data;
  useEffect(() => {
    if (!list) return;
    for (const workspace of list) names.current.set(workspace.id, workspace.name);
    if (chosen !== null && !list.some((workspace) => workspace.id === chosen)) {
      setLeft(names.current.get(chosen) ?? `workspace ${chosen}`);
      chooseWorkspace(null);
      void navigate({ to: '/links' });
    }
  }, [list, chosen, navigate]);

  return (
    <>
      {list && list.length > 1 && (
        <div className="switcher">
          <label htmlFor="workspace-switcher">Workspace</label>
          <select
            id="workspace-switcher"
            value={chosen ?? own}
            onChange={(event) => {
              setLeft(null);
              chooseWorkspace(Number(event.target.value));
              void navigate({ to: '/links' });
            }}
          >
            {list.map((workspace) => (
              <option key={workspace.id} value={workspace.id}>
                {workspace.personal ? `${workspace.name} (yours)` : `${workspace.name} (${workspace.role})`}
              </option>
            ))}
          </select>
        </div>
      )}
      {left && (
        <p className="notice switcher-notice" role="alert">
          You are no longer a member of <bdi>{left}</bdi>: you are back in your own workspace.{' '}
          <button type="button" className="small secondary" onClick={() => setLeft(null)}>
            Dismiss
          </button>
        </p>
      )}
    </>
  );
}
