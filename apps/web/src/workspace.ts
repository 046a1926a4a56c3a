import { useSyncExternalStore } from 'react';

/**
 * The workspace the dashboard acts in: null for the person's own, or a team workspace's id, sent
 * with every request as `X-Linkyard-Workspace` (api.ts; the live stream names it in its query). Kept in
 * the browser per person, so a reload stays in the same workspace and another person signing in
 * on the same browser starts in their own.
 */
const STORE_PREFIX = 'linkyard.workspace.';
let person: number | null = null;
let chosen: number | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The person signed in: their last workspace comes back (their own, unless they chose another).
 * Called as the signed-in app first draws, before any of its requests; nothing of another person
 * is in memory then (signing out drops it), so nobody is told.
 */
export function workspaceOwner(id: number | null): void {
  if (id === person) return;
  person = id;
  const stored = id === null ? null : storage()?.getItem(STORE_PREFIX + String(id));
  chosen = stored && /^[1-9][0-9]{0,9}$/.test(stored) ? Number(stored) : null;
}

/** The team workspace requests act in; null: the person's own. */
export function chosenWorkspace(): number | null {
  return chosen;
}

/** Acts in a workspace from now on (null or the person's own id: their own). */
export function chooseWorkspace(id: number | null): void {
  const next = id === person ? null : id;
  if (next === chosen) return;
  chosen = next;
  if (person !== null) {
    if (next === null) storage()?.removeItem(STORE_PREFIX + String(person));
    else storage()?.setItem(STORE_PREFIX + String(person), String(next));
  }
  listeners.forEach((listener) => listener());
}

/** Calls `listener` when the workspace changes; answers how to stop. */
export function onWorkspaceChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen workspace (null: the person's own), as a component reads it. */
export function useChosenWorkspace(): number | null {
  return useSyncExternalStore(onWorkspaceChange, chosenWorkspace);
}
