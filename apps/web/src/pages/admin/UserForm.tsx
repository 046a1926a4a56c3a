import { useState } from 'react';
import { type Schemas } from '../../api';
import { Field } from '../../components/Field';
import { FormCard } from '../../components/FormCard';
import { localToApi } from '../../format';
import { inputRules, lengthHelp } from '../../limits';
import { useAddUser } from '../../resources/users';

/** A new account, whose key is shown once to the admin who made it. */
export function UserForm({
  plans,
  onDone,
}: {
  plans: Schemas['Plan'][];
  onDone: (created: { username: string; key: string } | null) => void;
}) {
  const [form, setForm] = useState({ username: '', email: '', password: '', planid: '', expiration: '' });
  const set = (key: keyof typeof form, value: string) => setForm((current) => ({ ...current, [key]: value }));
  const create = useAddUser();
  const submit = () => {
    create.mutate(
      {
        username: form.username,
        email: form.email,
        password: form.password,
        ...(form.planid ? { planid: Number(form.planid) } : {}),
        ...(form.expiration ? { expiration: localToApi(form.expiration) } : {}),
      },
      { onSuccess: onDone },
    );
  };
  const fields = ['username', 'email', 'password', 'planid', 'expiration'];
  return (
    <FormCard
      of={{ title: 'Add a user', submit: 'Add user' }}
      save={create}
      fields={fields}
      onSubmit={submit}
      onCancel={() => onDone(null)}
    >
      <div className="two">
        <Field id="user-username" label="Username" help="3 to 50 letters, digits, _ . or -.">
          <input
            required
            {...inputRules('UserAdd', 'username')}
            autoComplete="off"
            value={form.username}
            onChange={(e) => set('username', e.target.value)}
          />
        </Field>
        <Field id="user-email" label="E-mail address">
          <input type="email" required autoComplete="off" value={form.email} onChange={(e) => set('email', e.target.value)} />
        </Field>
      </div>
      <Field id="user-password" label="Password" help={`${lengthHelp('UserAdd', 'password')}; they can change it once signed in.`}>
        <input
          type="password"
          required
          {...inputRules('UserAdd', 'password')}
          autoComplete="new-password"
          value={form.password}
          onChange={(e) => set('password', e.target.value)}
        />
      </Field>
      <div className="two">
        <Field id="user-plan" label="Plan" names={['planid']}>
          <select value={form.planid} onChange={(e) => set('planid', e.target.value)}>
            <option value="">None (the free default)</option>
            {plans.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="user-expiration" label="Plan ends (optional, your time zone)">
          <input type="datetime-local" value={form.expiration} onChange={(e) => set('expiration', e.target.value)} />
        </Field>
      </div>
    </FormCard>
  );
}
