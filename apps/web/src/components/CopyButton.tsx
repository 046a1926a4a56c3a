import { useState } from 'react';

/** Copies text (a short URL) and says so to everyone, screen readers included. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), 2500);
  };
  return (
    <span className="copy">
      <button type="button" className="small secondary" onClick={() => void copy()} aria-label={label}>
        Copy
      </button>
      <span role="status" className="copy-status">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy: select the address and copy it' : ''}
      </span>
    </span>
  );
}
