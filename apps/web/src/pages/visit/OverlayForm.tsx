import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api';
import { Field, formError } from '../../components/Field';
import { ErrorState, Loading } from '../../components/states';
import { inputRules, lengthHelp } from '../../limits';
import { useOverlay, useSaveOverlay, type OverlayInput } from '../../resources/visit-pages';

const FIELDS = ['type', 'name', 'message', 'label', 'link', 'position', 'color', 'bg', 'email', 'phone'];

type Draft = Required<Pick<OverlayInput, 'type' | 'name' | 'message' | 'label' | 'link' | 'position' | 'color' | 'bg'>> & {
  email: string;
  phone: string;
};

const BLANK: Draft = {
  type: 'message',
  name: '',
  message: '',
  label: '',
  link: '',
  position: 'bottom',
  color: '#ffffff',
  bg: '#1f2937',
  email: '',
  phone: '',
};

/** A new CTA overlay, or one read again to change it. */
export function OverlayForm({ id, onDone }: { id: number | null; onDone: () => void }) {
  const current = useOverlay(id);
  if (id !== null && current.isPending) return <Loading label="Loading the overlay" />;
  if (id !== null && !current.data) return <ErrorState error={current.error} retry={() => void current.refetch()} />;
  return <OverlayFields key={id ?? 'new'} id={id} initial={current.data} onDone={onDone} />;
}

function OverlayFields({ id, initial, onDone }: { id: number | null; initial?: Draft; onDone: () => void }) {
  const [form, setForm] = useState<Draft>(initial ?? BLANK);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setForm((current) => ({ ...current, [key]: value }));
  const save = useSaveOverlay();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { email, phone, ...rest } = form;
    save.mutate({ id, body: { ...rest, ...(form.type === 'contact' ? { email, phone } : {}) } }, { onSuccess: onDone });
  };
  const title = id !== null ? `Edit ${initial?.name ?? 'overlay'}` : 'New overlay';
  return (
    <form className="card form" onSubmit={submit} aria-label={title}>
      <h3>
        <bdi>{title}</bdi>
      </h3>
      <fieldset className="choice">
        <legend>Kind</legend>
        <label>
          <input type="radio" name="overlay-type" checked={form.type === 'message'} onChange={() => set('type', 'message')} /> A message
          with a button
        </label>
        <label>
          <input type="radio" name="overlay-type" checked={form.type === 'contact'} onChange={() => set('type', 'contact')} /> A way to
          contact you
        </label>
      </fieldset>
      <Field
        id="overlay-name"
        label="Name"
        help={`Yours only, ${lengthHelp('OverlayAdd', 'name').toLowerCase()}.`}
        error={save.error}
        names={['name']}
      >
        <input required {...inputRules('OverlayAdd', 'name')} value={form.name} onChange={(e) => set('name', e.target.value)} />
      </Field>
      <Field
        id="overlay-message"
        label="Message"
        help={`What the visitor reads, ${lengthHelp('OverlayAdd', 'message').toLowerCase()}.`}
        error={save.error}
        names={['message']}
      >
        <textarea required {...inputRules('OverlayAdd', 'message')} value={form.message} onChange={(e) => set('message', e.target.value)} />
      </Field>
      <div className="two">
        <Field
          id="overlay-label"
          label="Button text"
          help={`${lengthHelp('OverlayAdd', 'label')}; empty for no button.`}
          error={save.error}
          names={['label']}
        >
          <input {...inputRules('OverlayAdd', 'label')} value={form.label} onChange={(e) => set('label', e.target.value)} />
        </Field>
        <Field id="overlay-link" label="Button leads to" error={save.error} names={['link']}>
          <input type="url" {...inputRules('OverlayAdd', 'link')} value={form.link} onChange={(e) => set('link', e.target.value)} />
        </Field>
      </div>
      {form.type === 'contact' && (
        <div className="two">
          <Field id="overlay-email" label="Contact e-mail" error={save.error} names={['email']}>
            <input type="email" required value={form.email} onChange={(e) => set('email', e.target.value)} />
          </Field>
          <Field id="overlay-phone" label="Contact phone (optional)" error={save.error} names={['phone']}>
            <input type="tel" {...inputRules('OverlayAdd', 'phone')} value={form.phone} onChange={(e) => set('phone', e.target.value)} />
          </Field>
        </div>
      )}
      <div className="two">
        <Field id="overlay-position" label="Where" error={save.error} names={['position']}>
          <select value={form.position} onChange={(e) => set('position', e.target.value as Draft['position'])}>
            <option value="bottom">At the bottom</option>
            <option value="top">At the top</option>
          </select>
        </Field>
        <Field id="overlay-color" label="Text colour" error={save.error} names={['color']}>
          <input type="color" value={form.color} onChange={(e) => set('color', e.target.value)} />
        </Field>
        <Field id="overlay-bg" label="Background colour" error={save.error} names={['bg']}>
          <input type="color" value={form.bg} onChange={(e) => set('bg', e.target.value)} />
        </Field>
      </div>
      {formError(save.error, FIELDS) !== null && (
        <p className="error" role="alert">
          {errorMessage(save.error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {id !== null ? 'Save overlay' : 'Create overlay'}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
