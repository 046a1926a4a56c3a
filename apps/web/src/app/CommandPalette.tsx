import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { allows, type Operation } from '../roles';
import { useCurrentWorkspace } from '../current-workspace';
import { chooseTheme } from '../theme';

interface Command {
  label: string;
  /** The keys that run it without the palette, as the palette shows them. */
  keys?: string;
  /** Who may: the operation it leads to (offered to the roles that may call it), or admins. */
  needs?: Operation | 'admin';
  run: (go: (to: string) => void) => void;
}

/** Where `/` goes: the links page, its search field focused. */
const SEARCH = 'search';

const COMMANDS: Command[] = [
  { label: 'Search links', keys: '/', run: (go) => go(SEARCH) },
  { label: 'New link', keys: 'c', needs: 'addUrl', run: (go) => go('/links/new') },
  { label: 'New bio page', needs: 'addBioPage', run: (go) => go('/bio/new') },
  { label: 'New QR code', needs: 'addQr', run: (go) => go('/qr/new') },
  { label: 'Go to links', keys: 'g l', run: (go) => go('/links') },
  { label: 'Go to bio pages', keys: 'g b', run: (go) => go('/bio') },
  { label: 'Go to QR codes', keys: 'g q', run: (go) => go('/qr') },
  { label: 'Go to campaigns', keys: 'g c', run: (go) => go('/campaigns') },
  { label: 'Go to channels', run: (go) => go('/channels') },
  { label: 'Go to tags', keys: 'g t', run: (go) => go('/tags') },
  { label: 'Go to compare', run: (go) => go('/compare') },
  { label: 'Go to account', keys: 'g a', run: (go) => go('/account') },
  { label: 'Go to bulk', run: (go) => go('/bulk') },
  { label: 'Go to pixels', run: (go) => go('/pixels') },
  { label: 'Go to overlays & splash pages', run: (go) => go('/pages') },
  { label: 'Go to domains', run: (go) => go('/domains') },
  { label: 'Go to webhooks', needs: 'listWebhooks', run: (go) => go('/webhooks') },
  { label: 'Go to workspaces', run: (go) => go('/workspaces') },
  { label: 'Go to admin', needs: 'admin', run: (go) => go('/admin') },
  { label: 'Theme: light', run: () => chooseTheme('light') },
  { label: 'Theme: dark', run: () => chooseTheme('dark') },
  { label: 'Theme: as the system prefers', run: () => chooseTheme('system') },
];

/** The second key after `g`, and where it goes. */
const GO_TO: Record<string, string> = { l: '/links', t: '/tags', b: '/bio', q: '/qr', c: '/campaigns', a: '/account' };

/** A key typed into a field is the field's, not a shortcut. */
function typing(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element || typeof element.closest !== 'function') return false;
  return element.isContentEditable || element.closest('input, textarea, select, [contenteditable="true"], dialog') !== null;
}

/** Puts the focus on the links page's search field once it shows. */
function focusSearch(): void {
  let tries = 0;
  const timer = setInterval(() => {
    const field = document.getElementById('search');
    tries += 1;
    if (field || tries > 40) clearInterval(timer);
    field?.focus();
  }, 50);
}

/**
 * The keyboard's way around: `/` searches the links, `c` makes a link, `g` then a letter goes to a
 * place (`g l` links), and Ctrl+K (⌘K) or `?` opens a palette of every command, filtered as one
 * types, run with Enter. Keys typed into a field stay the field's.
 */
export function CommandPalette({ admin }: { admin: boolean }) {
  const navigate = useNavigate();
  const role = useCurrentWorkspace().role;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const dialog = useRef<HTMLDialogElement>(null);
  const listId = useId();
  const pendingG = useRef(0);

  const offered = useMemo(
    () =>
      COMMANDS.filter((command) => !command.needs || (command.needs === 'admin' ? admin : allows(role, command.needs))).filter((command) =>
        command.label.toLowerCase().includes(query.trim().toLowerCase()),
      ),
    [admin, role, query],
  );

  const go = (to: string) => {
    if (to === SEARCH) {
      void navigate({ to: '/links' });
      focusSearch();
    } else void navigate({ to });
  };
  const run = (command: Command | undefined) => {
    if (!command) return;
    setOpen(false);
    command.run(go);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      if (pendingG.current > Date.now() && GO_TO[event.key]) {
        pendingG.current = 0;
        event.preventDefault();
        go(GO_TO[event.key]!);
        return;
      }
      pendingG.current = 0;
      if (event.key === 'g') pendingG.current = Date.now() + 1500;
      else if (event.key === '/') {
        event.preventDefault();
        go(SEARCH);
      } else if (event.key === 'c' && allows(role, 'addUrl')) {
        event.preventDefault();
        go('/links/new');
      } else if (event.key === '?') {
        event.preventDefault();
        setOpen(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setQuery('');
      setActive(0);
      element.showModal();
    } else if (!open && element.open) element.close();
  }, [open]);

  const chosen = Math.min(active, Math.max(0, offered.length - 1));
  return (
    <dialog ref={dialog} className="palette" aria-labelledby={`${listId}-title`} onClose={() => setOpen(false)}>
      <h2 id={`${listId}-title`}>Commands</h2>
      <input
        type="text"
        role="combobox"
        aria-label="Command"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={offered.length > 0 ? `${listId}-${chosen}` : undefined}
        autoComplete="off"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((chosen + 1) % Math.max(1, offered.length));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((chosen - 1 + offered.length) % Math.max(1, offered.length));
          } else if (event.key === 'Enter') {
            event.preventDefault();
            run(offered[chosen]);
          }
        }}
      />
      <ul id={listId} role="listbox" aria-label="Commands">
        {offered.map((command, index) => (
          <li
            key={command.label}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === chosen}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run(command)}
          >
            <span>{command.label}</span>
            {command.keys && <kbd>{command.keys}</kbd>}
          </li>
        ))}
      </ul>
      {offered.length === 0 && <p className="muted">No command matches “{query}”.</p>}
      <p className="muted">Enter runs the command, Escape closes. Anywhere: / search, c new link, g l links, Ctrl+K this list.</p>
    </dialog>
  );
}
