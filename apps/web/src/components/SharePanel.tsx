import { useState, type FormEvent } from 'react';
import { errorMessage } from '../api';
import { formatApiDate, localToApi } from '../format';
import { useAddReport, useReportChoices, useRevokeReport } from '../resources/reports';
import { Address } from './Address';
import { ConfirmButton } from './ConfirmDialog';
import { Can } from './RoleGate';

/**
 * A link's or a campaign's shared reports: read-only addresses of its statistics for people
 * without an account (a client), each revocable, with an optional expiry. An address is shown
 * once, when it is made: the service keeps only its hash.
 */
export function SharePanel({ of, id }: { of: 'link' | 'campaign'; id: number }) {
  const reports = useReportChoices();
  const add = useAddReport();
  const revoke = useRevokeReport();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('');
  const [showDestination, setShowDestination] = useState(false);
  const mine = (reports.data ?? []).filter((report) => (of === 'link' ? report.link === id : report.campaign === id));
  const made = add.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      {
        [of]: id,
        name: name.trim(),
        ...(expiry ? { expiry: localToApi(expiry) } : {}),
        ...(of === 'link' ? { showdestination: showDestination } : {}),
      },
      {
        onSuccess: () => {
          setName('');
          setExpiry('');
        },
      },
    );
  };

  return (
    <section className="card share" aria-labelledby={`share-${of}-${id}`}>
      <h2 id={`share-${of}-${id}`}>Shared reports</h2>
      <p className="muted small">
        A shared report is an address anyone may open without signing in to read these statistics, and nothing else of the account
        {of === 'link' ? ' (where the link leads only if you say so)' : ''}. Revoke it when it should stop.
      </p>
      {made && (
        <div className="notice" role="status">
          <p>
            <strong>New shared report.</strong> Copy its address now: it is shown only this once.
          </p>
          <p className="url">
            <Address href={made.url} copy="Copy the report's address" />
          </p>
        </div>
      )}
      {mine.length > 0 ? (
        <ul className="reports">
          {mine.map((report) => (
            <li key={report.id}>
              <span>
                <bdi>{report.name || 'Unnamed'}</bdi> <span className="muted small">({report.hint}…)</span>
                <span className="muted small">
                  {' '}
                  · made {formatApiDate(report.date)}
                  {report.expiry ? ` · until ${formatApiDate(report.expiry)}` : ' · no expiry'}
                  {report.showdestination ? ' · shows the destination' : ''}
                </span>
              </span>
              <Can operation="deleteReport">
                <ConfirmButton
                  label="Revoke"
                  title={`Revoke the shared report ${report.name || report.hint}?`}
                  onConfirm={() => revoke.mutate(report.id)}
                >
                  <p>Its address stops working at once, for everyone who has it.</p>
                </ConfirmButton>
              </Can>
            </li>
          ))}
        </ul>
      ) : (
        reports.isSuccess && <p className="muted">No shared report yet.</p>
      )}
      {revoke.isError && (
        <p className="error" role="alert">
          {errorMessage(revoke.error)}
        </p>
      )}
      <Can operation="addReport">
        <form className="share-form" onSubmit={submit}>
          <div className="field">
            <label htmlFor={`share-name-${of}-${id}`}>For whom (only you see it)</label>
            <input id={`share-name-${of}-${id}`} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`share-expiry-${of}-${id}`}>Until (your time zone; empty: until revoked)</label>
            <input id={`share-expiry-${of}-${id}`} type="datetime-local" value={expiry} onChange={(e) => setExpiry(e.target.value)} />
          </div>
          {of === 'link' && (
            <label className="inline">
              <input type="checkbox" checked={showDestination} onChange={(e) => setShowDestination(e.target.checked)} /> Show where the link
              leads
            </label>
          )}
          <button type="submit" disabled={add.isPending}>
            Make a shared report
          </button>
          {add.isError && (
            <p className="error" role="alert">
              {errorMessage(add.error)}
            </p>
          )}
        </form>
      </Can>
    </section>
  );
}
