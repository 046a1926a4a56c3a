import { allows, type Operation, type Role } from './roles';
import { useSession } from './session';
import { useWorkspaces } from './resources/workspaces';
import { useChosenWorkspace } from './workspace';

/** The workspace the dashboard acts in: its id, name and the person's role there (null while unknown). */
export function useCurrentWorkspace(): { id: number | null; name: string | null; role: Role | null; personal: boolean } {
  const chosen = useChosenWorkspace();
  const session = useSession().data?.session;
  const workspaces = useWorkspaces();
  if (chosen === null) return { id: session?.account.id ?? null, name: session?.account.username ?? null, role: 'owner', personal: true };
  const found = workspaces.data?.find((workspace) => workspace.id === chosen);
  return { id: chosen, name: found?.name ?? null, role: found?.role ?? null, personal: false };
}

/** Whether the person's role in the current workspace may call the operation. */
export function useCan(operation: Operation): boolean {
  return allows(useCurrentWorkspace().role, operation);
}
