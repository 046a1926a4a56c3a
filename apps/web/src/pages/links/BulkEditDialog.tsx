import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LinkyardError } from '@linkyard/client';
import { TagsField } from '../../components/Tags';
import { errorMessage } from '../../api';
import { useCampaignChoices } from '../../resources/campaigns';
import { useChannelChoices } from '../../resources/channels';
import { useDomainChoices } from '../../resources/domains';
import { useEditLinks, type EditRefusals, type LinkFilter } from '../../resources/links';
import { changesOf, draftProblem, EMPTY_DRAFT as EMPTY, type Draft } from './bulk-draft';
import { useTagChoices } from '../../resources/tags';
import { plural } from '../../format';
import { Labelled } from './RowsField';

/** The links a bulk edit changes: those selected, or every link the list's search and filters keep. */
export type EditScope = { ids: number[] } | { filter: LinkFilter; count: number };

/**
 * "Edit selected": one form of the changes many links can take at once (a native modal dialog:
 * focus kept inside, Escape cancels), sent as one call. Refused, nothing changed, and the dialog
 * lists the links that could not take the changes and why, by their short URLs where the page
 * shows them.
 */
export function BulkEditDialog({
  scope,
  names,
  onClose,
  onDone,
}: {
  scope: EditScope | null;
  /** The short URLs of the links the page shows, by id. */
  names: Map<number, string>;
  onClose: () => void;
  onDone: (updated: number) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [refusals, setRefusals] = useState<EditRefusals | null>(null);
  const edit = useEditLinks();
  const tags = useTagChoices();
  const campaigns = useCampaignChoices();
  const channels = useChannelChoices();
  const domains = useDomainChoices();
  const open = scope !== null;
  const count = scope === null ? 0 : 'ids' in scope ? scope.ids.length : scope.count;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setDraft(EMPTY);
      setProblem(null);
      setRefusals(null);
      edit.reset();
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- opened anew: a fresh form, not on every render
  }, [open]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!scope) return;
    const changes = changesOf(draft);
    const unfinished = draftProblem(draft);
    if (unfinished) return setProblem(unfinished);
    if (Object.keys(changes).length === 0) return setProblem('Choose at least one change.');
    setProblem(null);
    setRefusals(null);
    const selection = 'ids' in scope ? { ids: scope.ids } : { filter: scope.filter };
    edit.mutate(
      { selection, changes },
      {
        onSuccess: (updated) => onDone(updated),
        onError: (error) => {
          const data = error instanceof LinkyardError && error.status === 409 ? (error.body?.data as EditRefusals | undefined) : undefined;
          if (data) setRefusals(data);
          setProblem(errorMessage(error));
        },
      },
    );
  };

  const refused = refusals?.results.filter((result) => 'message' in result) ?? [];
  return (
    <dialog ref={ref} aria-labelledby="bulk-title" className="bulk-edit" onCancel={onClose} onClose={() => open && onClose()}>
      {open && (
        <>
          <h2 id="bulk-title">Edit {plural(count, 'link')}</h2>
          <p className="muted">Only what you choose changes; the rest of each link stays as it is. All of them change, or none.</p>
          <form onSubmit={submit} noValidate>
            <TagsField
              id="bulk-add-tags"
              label="Add tags"
              tags={draft.addTags}
              pending={draft.addPending}
              choices={tags.data}
              onChange={(added, pending) => setDraft((current) => ({ ...current, addTags: added, addPending: pending }))}
              message={null}
            />
            <TagsField
              id="bulk-remove-tags"
              label="Remove tags"
              addLabel="Choose tag"
              tags={draft.removeTags}
              pending={draft.removePending}
              choices={tags.data}
              onChange={(removed, pending) => setDraft((current) => ({ ...current, removeTags: removed, removePending: pending }))}
              message={null}
            />
            <div className="bulk-grid">
              <Labelled id="bulk-campaign" label="Campaign">
                <select id="bulk-campaign" value={draft.campaign} onChange={(e) => set('campaign', e.target.value)}>
                  <option value="">Leave as it is</option>
                  <option value="0">No campaign</option>
                  {campaigns.data?.map((campaign) => (
                    <option key={campaign.id} value={String(campaign.id)}>
                      {campaign.name}
                    </option>
                  ))}
                </select>
              </Labelled>
              <Labelled id="bulk-channel" label="Add to channel">
                <select id="bulk-channel" value={draft.channel} onChange={(e) => set('channel', e.target.value)}>
                  <option value="">None</option>
                  {channels.data?.map((channel) => (
                    <option key={channel.id} value={String(channel.id)}>
                      {channel.name}
                    </option>
                  ))}
                </select>
              </Labelled>
              <Labelled id="bulk-domain" label="Domain" help="Each link keeps its alias, which must be free there.">
                <select
                  id="bulk-domain"
                  value={draft.domain}
                  onChange={(e) => set('domain', e.target.value)}
                  aria-describedby="bulk-domain-help"
                >
                  <option value="">Leave as it is</option>
                  <option value="default">The service’s own address</option>
                  {domains.data?.map((domain) => (
                    <option key={domain.id} value={domain.domain}>
                      {domain.domain.replace(/^https?:\/\//, '')}
                    </option>
                  ))}
                </select>
              </Labelled>
              <Labelled id="bulk-status" label="Visibility">
                <select id="bulk-status" value={draft.status} onChange={(e) => set('status', e.target.value as Draft['status'])}>
                  <option value="">Leave as it is</option>
                  <option value="public">Public</option>
                  <option value="private">Private</option>
                </select>
              </Labelled>
              <Labelled id="bulk-archived" label="Archive">
                <select id="bulk-archived" value={draft.archived} onChange={(e) => set('archived', e.target.value as Draft['archived'])}>
                  <option value="">Leave as it is</option>
                  <option value="archive">Archive</option>
                  <option value="unarchive">Bring back to the list</option>
                </select>
              </Labelled>
              <Labelled id="bulk-expiry-mode" label="Expiry">
                <select
                  id="bulk-expiry-mode"
                  value={draft.expiryMode}
                  onChange={(e) => set('expiryMode', e.target.value as Draft['expiryMode'])}
                >
                  <option value="">Leave as it is</option>
                  <option value="none">Never expire</option>
                  <option value="set">Expire at…</option>
                </select>
              </Labelled>
              {draft.expiryMode === 'set' && (
                <Labelled id="bulk-expiry" label="Expires at (your time zone)">
                  <input id="bulk-expiry" type="datetime-local" value={draft.expiry} onChange={(e) => set('expiry', e.target.value)} />
                </Labelled>
              )}
              <Labelled id="bulk-limit-mode" label="Click limit">
                <select
                  id="bulk-limit-mode"
                  value={draft.limitMode}
                  onChange={(e) => set('limitMode', e.target.value as Draft['limitMode'])}
                >
                  <option value="">Leave as it is</option>
                  <option value="none">No limit</option>
                  <option value="set">Stop after…</option>
                </select>
              </Labelled>
              {draft.limitMode === 'set' && (
                <Labelled id="bulk-limit" label="People's clicks (those so far count)">
                  <input
                    id="bulk-limit"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    value={draft.clickLimit}
                    onChange={(e) => set('clickLimit', e.target.value)}
                  />
                </Labelled>
              )}
              <Labelled id="bulk-start-mode" label="Start date">
                <select
                  id="bulk-start-mode"
                  value={draft.startMode}
                  onChange={(e) => set('startMode', e.target.value as Draft['startMode'])}
                >
                  <option value="">Leave as it is</option>
                  <option value="none">Active now</option>
                  <option value="set">Start at…</option>
                </select>
              </Labelled>
              {draft.startMode === 'set' && (
                <Labelled id="bulk-start" label="Starts at (your time zone)">
                  <input id="bulk-start" type="datetime-local" value={draft.start} onChange={(e) => set('start', e.target.value)} />
                </Labelled>
              )}
            </div>
            {problem && (
              <div role="alert" className="error">
                <p>{problem}</p>
                {refused.length > 0 && (
                  <ul className="refusals">
                    {refused.map((result) => (
                      <li key={result.id}>
                        <bdi>{names.get(result.id)?.replace(/^https?:\/\//, '') ?? `Link ${result.id}`}</bdi>: {result.message}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
            <div className="actions">
              <button type="button" className="secondary" onClick={onClose}>
                Cancel
              </button>
              <button type="submit" disabled={edit.isPending}>
                {edit.isPending ? 'Applying…' : `Apply to ${plural(count, 'link')}`}
              </button>
            </div>
          </form>
        </>
      )}
    </dialog>
  );
}
