import { useState } from 'react';
import { errorMessage } from '../../api';
import { NotFoundPage } from '../../components/NotFoundPage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { formatApiDate, formatNumber } from '../../format';
import { usePlans, useRemoveUser, useRotateUserKey, useSetDisabled, useUsers, type User } from '../../resources/users';
import { useSession } from '../../session';
import { PlanPicker, PlansTable } from './Plans';
import { UserForm } from './UserForm';
import { Notice } from '../../components/FormCard';
import { DataTable } from '../../components/DataTable';
import { QueryView } from '../../components/QueryView';

/** Accounts a page, as the admin list answers them (it says no total). */
const USERS_PAGE = 50;

/** The admin's page: every account of the service, and the plans. Only admins reach it (others get "not found"). */
export default function AdminPage() {
  const session = useSession().data?.session;
  if (!session?.admin) return <NotFoundPage />;
  return <Administration self={session.account.id} />;
}

function Administration({ self }: { self: number }) {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [rotating, setRotating] = useState<User | null>(null);
  const [switching, setSwitching] = useState<User | null>(null);
  const [shown, setShown] = useState<{ username: string; key: string } | null>(null);
  const users = useUsers(page);
  const plans = usePlans();
  const remove = useRemoveUser();
  const rotate = useRotateUserKey();
  const setDisabled = useSetDisabled();

  return (
    <main id="main">
      <div className="title-row">
        <h1 tabIndex={-1}>Administration</h1>
        <button type="button" onClick={() => (setAdding(true), setShown(null))}>
          Add a user
        </button>
      </div>
      {adding && (
        <UserForm
          plans={plans.data ?? []}
          onDone={(created) => {
            setAdding(false);
            if (created) setShown(created);
          }}
        />
      )}
      {shown && (
        <section className="card" aria-labelledby="key-title">
          <h2 id="key-title">
            API key of <bdi>{shown.username}</bdi>
          </h2>
          <p>Shown this once: hand it to its owner, who signs in with it (and may then set a password).</p>
          <label htmlFor="user-key">API key</label>
          <input id="user-key" readOnly value={shown.key} onFocus={(e) => e.target.select()} />
          <CopyButton text={shown.key} label="Copy the key" />
          <button type="button" className="secondary" onClick={() => setShown(null)}>
            Done
          </button>
        </section>
      )}
      {(remove.isError || rotate.isError || setDisabled.isError) && (
        <p className="error" role="alert">
          <bdi>{errorMessage(remove.error ?? rotate.error ?? setDisabled.error)}</bdi>
        </p>
      )}
      {setDisabled.isSuccess && (
        <Notice>
          {setDisabled.data.disabled ? (
            <>
              {' '}
              <bdi>{setDisabled.data.username}</bdi> is disabled: their key and sessions are refused, their links keep working.{' '}
            </>
          ) : (
            <>
              {' '}
              <bdi>{setDisabled.data.username}</bdi> is enabled again, with the same key and password.{' '}
            </>
          )}
        </Notice>
      )}
      <h2>Users</h2>
      <QueryView query={users} loading="Loading users" empty={(data) => data.users.length === 0 && <p>No users on this page.</p>}>
        {(data) => (
          <>
            {/* At a desk a table; on a phone each user a block of its own, every control at full width. */}
            <DataTable
              label="Users table"
              busy={users.isPlaceholderData}
              caption="Users"
              headers={['User', 'Plan', 'Requests a minute', 'State', 'Since', 'Actions']}
              className="stacked"
            >
              {data.users.map((user) => (
                <tr key={user.id}>
                  <td data-label="User">
                    <strong>
                      <bdi>{user.username}</bdi>
                    </strong>
                    {user.admin && <span className="badge">Admin</span>}
                    <div className="small muted">
                      <bdi>{user.email}</bdi>
                    </div>
                  </td>
                  <td data-label="Plan">
                    <PlanPicker user={user} plans={plans.data ?? []} />
                  </td>
                  <td data-label="Requests a minute" className="num">
                    {formatNumber(user.ratelimit)}
                  </td>
                  <td data-label="State">
                    {user.disabled ? (
                      <>
                        <span className="badge off">Disabled</span>
                        <div className="small muted">since {formatApiDate(user.disabledsince)}</div>
                      </>
                    ) : (
                      <span className="badge ok">Active</span>
                    )}
                  </td>
                  <td data-label="Since">{formatApiDate(user.registered)}</td>
                  <td data-label="Actions">
                    <div className="actions">
                      <button
                        type="button"
                        className="small secondary"
                        onClick={() => setRotating(user)}
                        aria-label={`New key for ${user.username}`}
                      >
                        New key
                      </button>
                      {user.id !== self && (
                        <button
                          type="button"
                          className="small secondary"
                          onClick={() => setSwitching(user)}
                          disabled={setDisabled.isPending}
                          aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.username}`}
                        >
                          {user.disabled ? 'Enable' : 'Disable'}
                        </button>
                      )}
                      {user.id !== self && (
                        <button
                          type="button"
                          className="small danger"
                          onClick={() => setDeleting(user)}
                          aria-label={`Delete ${user.username}`}
                        >
                          Delete
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </DataTable>
            <nav className="pager" aria-label="Pages">
              <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous page
              </button>
              <span>Page {page}</span>
              <button type="button" className="secondary" disabled={data.users.length < USERS_PAGE} onClick={() => setPage(page + 1)}>
                Next page
              </button>
            </nav>
          </>
        )}
      </QueryView>
      <h2>Plans</h2>
      <PlansTable />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this user?"
        confirm="Delete"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      >
        <p>
          <bdi>{deleting?.username}</bdi> and everything of theirs are deleted: links, statistics, campaigns, domains, webhooks. Their short
          URLs stop working at once.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={switching !== null}
        title={switching?.disabled ? 'Enable this user?' : 'Disable this user?'}
        confirm={switching?.disabled ? 'Enable' : 'Disable'}
        danger={!switching?.disabled}
        onCancel={() => setSwitching(null)}
        onConfirm={() => {
          if (switching) setDisabled.mutate(switching);
          setSwitching(null);
        }}
      >
        {switching?.disabled ? (
          <p>
            <bdi>{switching.username}</bdi> can use the API and sign in again, with the same key and password.
          </p>
        ) : (
          <p>
            <bdi>{switching?.username}</bdi> is refused at once: their API key gets “forbidden” on every call, they are signed out, and they
            cannot sign in until you enable them again. Nothing of theirs is deleted: their short links, bio pages and QR codes keep working
            for visitors.
          </p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={rotating !== null}
        title="Make a new API key?"
        confirm="Replace the key"
        danger
        onCancel={() => setRotating(null)}
        onConfirm={() => {
          if (rotating) rotate.mutate(rotating, { onSuccess: setShown });
          setRotating(null);
        }}
      >
        <p>
          The key of <bdi>{rotating?.username}</bdi> stops working at once; the new one is shown here once.
        </p>
      </ConfirmDialog>
    </main>
  );
}
