import { useEffect, useRef } from 'react';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { errorMessage, type Session } from '../api';
import { useSignOut } from '../resources/account';
import { Nav } from './Nav';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';
import { ThemeSwitch } from './ThemeSwitch';
import { CommandPalette } from './CommandPalette';
import { workspaceOwner } from '../workspace';

/** The signed-in app: the skip link, the header with the menu and the account, and the page of the route. */
export function Shell({ session }: { session: Session }) {
  const navigate = useNavigate();
  const signOut = useSignOut(() => void navigate({ to: '/links', replace: true }));
  useFocusOnNavigation();
  // The person's last workspace comes back with them.
  workspaceOwner(session.account.id);

  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <Link to="/links" className="brand">
          Linkyard
        </Link>
        <Nav admin={session.admin} />
        <div className="who">
          <WorkspaceSwitcher own={session.account.id} />
          <ThemeSwitch />
          <span className="muted">
            Signed in as <bdi>{session.account.username}</bdi>
          </span>
          <button type="button" className="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Sign out
          </button>
        </div>
      </header>
      {signOut.isError && <p role="alert">{errorMessage(signOut.error)}</p>}
      <CommandPalette admin={session.admin} />
      <Outlet />
    </>
  );
}

/**
 * A new page puts the focus on its heading, as a page load puts a screen reader at the top (a page
 * whose code is still loading gets it once its heading shows).
 */
function useFocusOnNavigation(): void {
  const path = useRouterState({ select: (state) => state.location.pathname });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let tries = 0;
    const timer = setInterval(() => {
      const heading = document.querySelector<HTMLElement>('main h1');
      tries += 1;
      if (heading || tries > 40) clearInterval(timer);
      heading?.focus();
    }, 50);
    return () => clearInterval(timer);
  }, [path]);
}
