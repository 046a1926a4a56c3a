import type { EventName } from '../../resources/webhooks';

const EVENTS: { group: string; all: EventName; events: { name: EventName; label: string }[] }[] = [
  {
    group: 'Links',
    all: 'link.*',
    events: [
      { name: 'link.created', label: 'created' },
      { name: 'link.updated', label: 'changed' },
      { name: 'link.deleted', label: 'deleted' },
      { name: 'link.clicked', label: 'clicked' },
    ],
  },
  { group: 'QR codes', all: 'qr.*', events: [{ name: 'qr.scanned', label: 'scanned' }] },
  {
    group: 'Campaigns',
    all: 'campaign.*',
    events: [
      { name: 'campaign.created', label: 'created' },
      { name: 'campaign.updated', label: 'changed' },
      { name: 'campaign.deleted', label: 'deleted' },
    ],
  },
  {
    group: 'Domains',
    all: 'domain.*',
    events: [
      { name: 'domain.created', label: 'created' },
      { name: 'domain.updated', label: 'changed' },
      { name: 'domain.deleted', label: 'deleted' },
    ],
  },
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
