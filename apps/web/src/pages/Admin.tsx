import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, type Schemas } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { CopyButton } from '../components/CopyButton';
import { Field, formError } from '../components/Field';
import { Empty, ErrorState, Loading } from '../components/states';
import { formatApiDate, formatNumber, localToApi } from '../format';

type User = Schemas['User'];

/** The admin's page: every account of the service, and the plans. Only admins reach it (others get "not found"). */
export default function AdminPage({ self }: { self: number }) {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [rotating, setRotating] = useState<User | null>(null);
  const [switching, setSwitching] = useState<User | null>(null);
  const [shown, setShown] = useState<{ username: string; key: string } | null>(null);
  const queryClient = useQueryClient();
  const users = useQuery({
    queryKey: ['users', page],
    queryFn: async () => (await api.GET('/users', { params: { query: { page, limit: 50 } } })).data.data,
    placeholderData: keepPreviousData,
  });
  const plans = useQuery({ queryKey: ['plans'], queryFn: async () => (await api.GET('/plans')).data.data });
  const remove = useMutation({
    mutationFn: (id: number) => api.DELETE('/user/{id}/delete', { params: { path: { id } } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
  const rotate = useMutation({
    mutationFn: async (user: User) => ({
      username: user.username,
      key: (await api.POST('/user/{id}/apikey/rotate', { params: { path: { id: user.id } } })).data.apikey,
    }),
    onSuccess: setShown,
  });
  const setDisabled = useMutation({
    mutationFn: async (user: User) =>
      (await api.PUT('/user/{id}/update', { params: { path: { id: user.id } }, body: { disabled: !user.disabled } })).data.data,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
  const planName = (id: number | null) => (id === null ? 'None' : (plans.data?.find((plan) => plan.id === id)?.name ?? `Plan ${id}`));

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
        <p className="notice" role="status">
          {setDisabled.data.disabled ? (
            <>
              <bdi>{setDisabled.data.username}</bdi> is disabled: their key and sessions are refused, their links keep working.
            </>
          ) : (
            <>
              <bdi>{setDisabled.data.username}</bdi> is enabled again, with the same key and password.
            </>
          )}
        </p>
      )}
      <h2>Users</h2>
      {users.isPending ? (
        <Loading label="Loading users" />
      ) : users.isError ? (
        <ErrorState error={users.error} retry={() => void users.refetch()} />
      ) : users.data.length === 0 ? (
        <Empty>
          <p>No users on this page.</p>
        </Empty>
      ) : (
        <>
          <div className="table-wrap" role="region" aria-label="Users table" tabIndex={0}>
            <table>
              <caption className="visually-hidden">Users</caption>
              <thead>
                <tr>
                  <th scope="col">User</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Requests a minute</th>
                  <th scope="col">State</th>
                  <th scope="col">Since</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {users.data.map((user) => (
                  <tr key={user.id}>
                    <td>
                      <strong>
                        <bdi>{user.username}</bdi>
                      </strong>
                      {user.admin && <span className="badge">Admin</span>}
                      <div className="small muted">
                        <bdi>{user.email}</bdi>
                      </div>
                    </td>
                    <td>
                      <PlanPicker user={user} plans={plans.data ?? []} label={planName(user.planid)} />
                    </td>
                    <td className="num">{formatNumber(user.ratelimit)}</td>
                    <td>
                      {user.disabled ? (
                        <>
                          <span className="badge off">Disabled</span>
                          <div className="small muted">since {formatApiDate(user.disabledsince)}</div>
                        </>
                      ) : (
                        <span className="badge ok">Active</span>
                      )}
                    </td>
                    <td>{formatApiDate(user.registered)}</td>
                    <td>
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
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label="Pages">
            <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous page
            </button>
            <span>Page {page}</span>
            <button type="button" className="secondary" disabled={users.data.length < 50} onClick={() => setPage(page + 1)}>
              Next page
            </button>
          </nav>
        </>
      )}
      <h2>Plans</h2>
      {plans.isPending ? (
        <Loading label="Loading plans" />
      ) : plans.isError ? (
        <ErrorState error={plans.error} retry={() => void plans.refetch()} />
      ) : (
        <div className="table-wrap" role="region" aria-label="Plans table" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Plans</caption>
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">Requests a minute</th>
                <th scope="col">Price</th>
              </tr>
            </thead>
            <tbody>
              {plans.data.map((plan) => (
                <tr key={plan.id}>
                  <td>
                    <bdi>{plan.name}</bdi> {plan.free && <span className="badge">Free</span>}
                  </td>
                  <td className="num">{formatNumber(plan.ratelimit)}</td>
                  <td className="num">{formatNumber(plan.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
          if (rotating) rotate.mutate(rotating);
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

function PlanPicker({ user, plans, label }: { user: User; plans: Schemas['Plan'][]; label: string }) {
  const queryClient = useQueryClient();
  const subscribe = useMutation({
    mutationFn: (planid: number) => api.PUT('/plan/{planid}/user/{userid}', { params: { path: { planid, userid: user.id } } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
  return (
    <>
      <label className="visually-hidden" htmlFor={`plan-${user.id}`}>
        Plan of {user.username}
      </label>
      <select
        id={`plan-${user.id}`}
        value={user.planid ?? ''}
        onChange={(e) => e.target.value && subscribe.mutate(Number(e.target.value))}
        disabled={subscribe.isPending}
      >
        {user.planid === null && <option value="">{label}</option>}
        {plans.map((plan) => (
          <option key={plan.id} value={plan.id}>
            {plan.name}
          </option>
        ))}
      </select>
      {subscribe.isError && (
        <p className="error small" role="alert">
          {errorMessage(subscribe.error)}
        </p>
      )}
    </>
  );
}

function UserForm({ plans, onDone }: { plans: Schemas['Plan'][]; onDone: (created: { username: string; key: string } | null) => void }) {
  const [form, setForm] = useState({ username: '', email: '', password: '', planid: '', expiration: '' });
  const set = (key: keyof typeof form, value: string) => setForm((current) => ({ ...current, [key]: value }));
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: async () => {
      const { data } = await api.POST('/user/add', {
        body: {
          username: form.username,
          email: form.email,
          password: form.password,
          ...(form.planid ? { planid: Number(form.planid) } : {}),
          ...(form.expiration ? { expiration: localToApi(form.expiration) } : {}),
        },
      });
      return { username: data.data.username, key: data.data.apikey };
    },
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      onDone(created);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="card form" onSubmit={submit} aria-label="Add a user">
      <h2>Add a user</h2>
      <div className="two">
        <Field id="user-username" label="Username" help="3 to 50 letters, digits, _ . or -." error={create.error} names={['username']}>
          <input
            required
            minLength={3}
            maxLength={50}
            autoComplete="off"
            value={form.username}
            onChange={(e) => set('username', e.target.value)}
          />
        </Field>
        <Field id="user-email" label="E-mail address" error={create.error} names={['email']}>
          <input type="email" required autoComplete="off" value={form.email} onChange={(e) => set('email', e.target.value)} />
        </Field>
      </div>
      <Field
        id="user-password"
        label="Password"
        help="8 to 200 characters; they can change it once signed in."
        error={create.error}
        names={['password']}
      >
        <input
          type="password"
          required
          minLength={8}
          maxLength={200}
          autoComplete="new-password"
          value={form.password}
          onChange={(e) => set('password', e.target.value)}
        />
      </Field>
      <div className="two">
        <Field id="user-plan" label="Plan" error={create.error} names={['planid']}>
          <select value={form.planid} onChange={(e) => set('planid', e.target.value)}>
            <option value="">None (the free default)</option>
            {plans.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="user-expiration" label="Plan ends (optional, your time zone)" error={create.error} names={['expiration']}>
          <input type="datetime-local" value={form.expiration} onChange={(e) => set('expiration', e.target.value)} />
        </Field>
      </div>
      {formError(create.error, ['username', 'email', 'password', 'planid', 'expiration']) !== null && (
        <p className="error" role="alert">
          {errorMessage(create.error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={create.isPending}>
          Add user
        </button>
        <button type="button" className="secondary" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
