import { useEffect, useRef, useState } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { allows, type Operation } from '../roles';
import { useCurrentWorkspace } from '../current-workspace';

type To =
  | '/links'
  | '/tags'
  | '/compare'
  | '/bio'
  | '/qr'
  | '/campaigns'
  | '/channels'
  | '/account'
  | '/bulk'
  | '/pixels'
  | '/pages'
  | '/domains'
  | '/webhooks'
  | '/workspaces'
  | '/admin';
interface Entry {
  to: To;
  label: string;
  admin?: boolean;
  more?: boolean;
  /** The operation the place reads: offered to the roles that may call it. */
  reads?: Operation;
}

/** The menu: the places visited most on one row, the rest (`more`) under "More". */
const MENU: Entry[] = [
  { to: '/links', label: 'Links' },
  { to: '/bio', label: 'Bio pages' },
  { to: '/qr', label: 'QR codes' },
  { to: '/campaigns', label: 'Campaigns' },
  { to: '/channels', label: 'Channels' },
  { to: '/account', label: 'Account' },
  { to: '/tags', label: 'Tags', more: true },
  { to: '/compare', label: 'Compare', more: true },
  { to: '/bulk', label: 'Bulk', more: true },
  { to: '/pixels', label: 'Pixels', more: true },
  { to: '/pages', label: 'Overlays & splash', more: true },
  { to: '/domains', label: 'Domains', more: true },
  { to: '/webhooks', label: 'Webhooks', more: true, reads: 'listWebhooks' },
  { to: '/workspaces', label: 'Workspaces', more: true },
  { to: '/admin', label: 'Admin', more: true, admin: true },
];
const MAIN = MENU.filter((entry) => !entry.more);
const MORE = MENU.filter((entry) => entry.more);

/**
 * The main menu. At a desk it holds one row: the main places, then "More" opening the rest. On a
 * phone it folds behind a "Menu" button. A path's first part names its place (the menu marks it).
 */
export function Nav({ admin }: { admin: boolean }) {
  const path = useRouterState({ select: (state) => state.location.pathname });
  const [open, setOpen] = useState(false);
  const [more, setMore] = useState(false);
  const moreRef = useRef<HTMLLIElement>(null);
  const section = `/${path.replace(/^\/dashboard/, '').split('/')[1] ?? ''}`;
  const current = (entry: Entry) => (section === entry.to || (section === '/' && entry.to === '/links') ? 'page' : undefined);
  const role = useCurrentWorkspace().role;
  const extra = MORE.filter((entry) => (!entry.admin || admin) && (!entry.reads || allows(role, entry.reads)));

  // A move to another page closes the menus.
  const [shownPath, setShownPath] = useState(path);
  if (shownPath !== path) {
    setShownPath(path);
    setOpen(false);
    setMore(false);
  }
  // "More" closes on Escape and on a click elsewhere.
  useEffect(() => {
    if (!more) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !moreRef.current?.contains(event.target as Node)) setMore(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('click', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('click', close);
    };
  }, [more]);

  const item = (entry: Entry) => (
    <li key={entry.to}>
      <Link to={entry.to} aria-current={current(entry)}>
        {entry.label}
      </Link>
    </li>
  );
  return (
    <nav aria-label="Main" className={open ? 'main-nav open' : 'main-nav'}>
      <button type="button" className="menu-button secondary" aria-expanded={open} aria-controls="main-menu" onClick={() => setOpen(!open)}>
        Menu
      </button>
      <ul id="main-menu">
        {MAIN.map(item)}
        <li ref={moreRef} className="more">
          <button
            type="button"
            className={extra.some((entry) => current(entry)) ? 'more-button current' : 'more-button'}
            aria-expanded={more}
            aria-controls="more-menu"
            onClick={() => setMore(!more)}
          >
            More
          </button>
          <ul id="more-menu" hidden={!more && !open}>
            {extra.map(item)}
          </ul>
        </li>
      </ul>
    </nav>
  );
}
