import { useId, useState, type KeyboardEvent } from 'react';
import { Link } from '@tanstack/react-router';
import type { Tag } from '../resources/tags';

/** Most tags a link carries (the API's `maxItems`). */
export const MOST_TAGS = 20;

/**
 * What is typed, cut at its commas but those inside double quotes: `"Paris, France"` is one tag,
 * its quotes taken off (a quote elsewhere stays: `say "hi"`). `open`: a quote is still open, so a
 * comma typed now belongs to the tag.
 */
function splitTags(text: string): { parts: string[]; open: boolean } {
  const parts: string[] = [];
  let current = '';
  let open = false;
  for (const character of text) {
    if (character === '"') open = !open;
    if (character === ',' && !open) {
      parts.push(current);
      current = '';
    } else current += character;
  }
  parts.push(current);
  return { parts, open };
}

/** Whether what is typed ends a tag: a comma outside quotes. */
export const endsTag = (text: string): boolean => splitTags(text).parts.length > 1;

/** Whether a quote is open in what is typed: a comma typed now is part of the tag. */
export const inQuotes = (text: string): boolean => splitTags(text).open;

/** Tags as the service stores them: trimmed, lower case, each once; a tag in double quotes may hold commas. */
export function tagsOf(text: string): string[] {
  const tags = splitTags(text)
    .parts.map((part) => part.trim())
    .map((part) => (part.length >= 2 && part.startsWith('"') && part.endsWith('"') ? part.slice(1, -1).trim() : part))
    .map((part) => part.toLowerCase())
    .filter(Boolean);
  return [...new Set(tags)];
}

/** A tag's colour dot (none without one): the colour only marks it, the name says it. */
function Dot({ color }: { color: string | null | undefined }) {
  return color ? <span className="swatch" style={{ background: color }} aria-hidden="true" /> : null;
}

/**
 * A link's tags as chips. With `filter`, each is a link to the list of the links carrying it (the
 * list's address keeps the tag).
 */
export function TagChips({ tags, colors, filter = false }: { tags: string[]; colors?: Map<string, string | null>; filter?: boolean }) {
  if (tags.length === 0) return null;
  return (
    <ul className="chips" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag} className="chip">
          <Dot color={colors?.get(tag)} />
          {filter ? (
            <Link
              to="/links"
              search={(current: { tag?: string[] }) => ({ ...current, page: undefined, tag: [...new Set([...(current.tag ?? []), tag])] })}
              aria-label={`Links tagged ${tag}`}
            >
              <bdi>{tag}</bdi>
            </Link>
          ) : (
            <bdi>{tag}</bdi>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The colours of the account's tags by name, for the chips. */
export function colorsOf(tags: Tag[] | undefined): Map<string, string | null> {
  return new Map((tags ?? []).map((tag) => [tag.name, tag.color]));
}

/**
 * A link's tags in a form: the chosen ones as chips, each with its remove button, and a field that
 * adds what is typed on Enter or a comma (the account's tags offered as it is typed). What is typed
 * and not yet added is handed up too (`pending`), so a save does not lose it.
 */
export function TagsField({
  id,
  tags,
  pending,
  choices,
  onChange,
  message,
  label = 'Tags',
  addLabel = 'Add tag',
}: {
  id: string;
  /** The field's name (`Add tags` where tags are added to many links). */
  label?: string;
  /** The button that adds what is typed. */
  addLabel?: string;
  tags: string[];
  pending: string;
  choices: Tag[] | undefined;
  onChange: (tags: string[], pending: string) => void;
  /** The API's refusal of the field, when it named it. */
  message: string | null;
}) {
  const list = useId();
  const [said, setSaid] = useState('');
  const add = (text: string) => {
    const added = tagsOf(text).filter((tag) => !tags.includes(tag));
    const room = MOST_TAGS - tags.length;
    onChange([...tags, ...added.slice(0, room)], added.length > room ? added.slice(room).join(', ') : '');
    if (added.length > room) setSaid(`A link has at most ${MOST_TAGS} tags; remove one to add ${added.slice(room).join(', ')}.`);
    else if (added.length) setSaid(`Added ${added.join(', ')}.`);
  };
  const remove = (tag: string) => {
    onChange(
      tags.filter((other) => other !== tag),
      pending,
    );
    setSaid(`Removed ${tag}.`);
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter also ends a word an input method is composing (Chinese, Japanese): that one is not a tag yet.
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' || (event.key === ',' && !inQuotes(pending))) {
      event.preventDefault();
      if (pending.trim()) add(pending);
    } else if (event.key === 'Backspace' && pending === '' && tags.length > 0) remove(tags[tags.length - 1]!);
  };
  const described = [`${id}-help`, message && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {tags.length > 0 && (
        <ul className="chips" aria-label="Chosen tags">
          {tags.map((tag) => (
            <li key={tag} className="chip">
              <bdi>{tag}</bdi>
              <button type="button" className="chip-remove" aria-label={`Remove tag ${tag}`} onClick={() => remove(tag)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="tag-entry">
        <input
          id={id}
          list={list}
          value={pending}
          maxLength={500}
          autoComplete="off"
          onChange={(e) => (endsTag(e.target.value) ? add(e.target.value) : onChange(tags, e.target.value))}
          onKeyDown={keyDown}
          aria-describedby={described}
          aria-invalid={message ? true : undefined}
        />
        <button type="button" className="secondary" disabled={!pending.trim()} onClick={() => add(pending)}>
          {addLabel}
        </button>
      </div>
      <datalist id={list}>
        {choices
          ?.filter((choice) => !tags.includes(choice.name))
          .map((choice) => (
            <option key={choice.name} value={choice.name} />
          ))}
      </datalist>
      <p id={`${id}-help`} className="help">
        Up to {MOST_TAGS}, each up to 50 characters; Enter or a comma adds one (a tag with a comma goes in double quotes: &quot;Paris,
        France&quot;). Kept in lower case.
      </p>
      {message && (
        <p id={`${id}-error`} className="error field-error" role="alert">
          {message}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
