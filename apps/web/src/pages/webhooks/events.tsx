import type { EventName } from '../../resources/webhooks';

type Kind = EventName extends `${infer K}.${string}` ? K : never;
type Verb<K extends Kind> = Extract<EventName, `${K}.${string}`> extends `${K}.${infer V}` ? Exclude<V, '*'> : never;

/** What each event is called beside its kind ("Links: changed"). */
const WORDS: Record<string, string> = { updated: 'changed' };

/** A kind of event, and its events (a name in the API document, or this does not compile). */
function kind<K extends Kind>(group: string, prefix: K, verbs: Verb<K>[]) {
  const name = (verb: string) => `${prefix}.${verb}` as EventName;
  return { group, all: name('*'), events: verbs.map((verb) => ({ name: name(verb), label: WORDS[verb] ?? verb })) };
}

const EVENTS = [
  kind('Links', 'link', ['created', 'updated', 'deleted', 'clicked']),
  kind('QR codes', 'qr', ['scanned']),
  kind('Campaigns', 'campaign', ['created', 'updated', 'deleted']),
  kind('Domains', 'domain', ['created', 'updated', 'deleted']),
];

/** The events a webhook is sent: each one, or all of a kind (present and future). */
export function EventChoice({ events, onChange }: { events: EventName[]; onChange: (events: EventName[]) => void }) {
  const has = (name: EventName) => events.includes(name);
  const flip = (name: EventName) => onChange(has(name) ? events.filter((event) => event !== name) : [...events, name]);
  return (
    <fieldset className="events">
      <legend>Events</legend>
      {EVENTS.map((group) => (
        <fieldset key={group.group} className="choice">
          <legend>{group.group}</legend>
          <label>
            <input type="checkbox" checked={has(group.all)} onChange={() => flip(group.all)} /> All, present and future
          </label>
          {group.events.map((event) => (
            <label key={event.name}>
              <input
                type="checkbox"
                checked={has(event.name) || has(group.all)}
                disabled={has(group.all)}
                onChange={() => flip(event.name)}
              />{' '}
              {event.label}
            </label>
          ))}
        </fieldset>
      ))}
    </fieldset>
  );
}
