import { useState, type FormEvent } from 'react';
import { inputRules, lengthHelp } from '../../limits';
import { useUpdateAccount } from '../../resources/account';
import { ErrorAlert, Notice } from '../../components/FormCard';
import { TextInput } from '../../components/TextInput';

/** The current password, asked by every change of an account that has one (a key alone may not make changes). */
function CurrentPassword({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <>
      <label htmlFor={id}>Current password</label>
      <TextInput id={id} type="password" autoComplete="current-password" required value={value} onChange={onChange} />
    </>
  );
}

export function EmailForm({ current, hasPassword }: { current: string; hasPassword: boolean }) {
  const [email, setEmail] = useState('');
  const [proof, setProof] = useState('');
  const [wanted, setWanted] = useState('');
  // Answers the address in force after the change: another account's is not taken, and the answer does not say so.
  const save = useUpdateAccount();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    setWanted(address);
    save.mutate(
      { email: address, ...(hasPassword ? { currentpassword: proof } : {}) },
      {
        onSuccess: () => {
          setEmail('');
          setProof('');
        },
      },
    );
  };
  return (
    <section className="card" aria-labelledby="email-title">
      <h2 id="email-title">Change the e-mail address</h2>
      <form onSubmit={submit}>
        <label htmlFor="new-email">New e-mail address</label>
        <TextInput id="new-email" type="email" autoComplete="email" required value={email} onChange={setEmail} placeholder={current} />
        {hasPassword && <CurrentPassword id="email-current-password" value={proof} onChange={setProof} />}
        <ErrorAlert error={save.error} />
        {save.isSuccess &&
          (save.data.toLowerCase() === wanted.toLowerCase() ? (
            <p className="notice" role="status">
              The e-mail address was changed.
            </p>
          ) : (
            <p className="error" role="status">
              The e-mail address was not changed: <bdi>{wanted}</bdi> cannot be used for this account. It is still <bdi>{save.data}</bdi>.
            </p>
          ))}
        <button type="submit" disabled={save.isPending || email.trim() === '' || (hasPassword && proof === '')}>
          Change e-mail address
        </button>
      </form>
    </section>
  );
}

export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const [proof, setProof] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const save = useUpdateAccount();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(password !== again);
    if (password !== again) return;
    save.mutate(
      { password, ...(hasPassword ? { currentpassword: proof } : {}) },
      {
        onSuccess: () => {
          setProof('');
          setPassword('');
          setAgain('');
        },
      },
    );
  };
  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">{hasPassword ? 'Change the password' : 'Set a password'}</h2>
      <p className="small">
        {lengthHelp('AccountUpdate', 'password')}. Other sessions of the account end; this one stays signed in.
        {!hasPassword && ' Set with the API key alone, it lasts as long as the key: a new key clears it, and you set it again.'}
      </p>
      <form onSubmit={submit}>
        {hasPassword && <CurrentPassword id="current-password" value={proof} onChange={setProof} />}
        <label htmlFor="new-password">New password</label>
        <TextInput
          id="new-password"
          type="password"
          autoComplete="new-password"
          {...inputRules('AccountUpdate', 'password')}
          required
          value={password}
          onChange={setPassword}
        />
        <label htmlFor="new-password-again">New password again</label>
        <TextInput
          id="new-password-again"
          type="password"
          autoComplete="new-password"
          required
          value={again}
          onChange={setAgain}
          aria-invalid={mismatch}
        />
        {mismatch && (
          <p className="error" role="alert">
            The two passwords differ.
          </p>
        )}
        <ErrorAlert error={save.error} />
        {save.isSuccess && <Notice>The password was set.</Notice>}
        <button type="submit" disabled={save.isPending || password === '' || (hasPassword && proof === '')}>
          {hasPassword ? 'Change password' : 'Set password'}
        </button>
      </form>
    </section>
  );
}
