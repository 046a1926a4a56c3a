import { useState } from 'react';
import { Field } from '../../components/Field';
import { FormCard } from '../../components/FormCard';
import { inputRules, lengthHelp } from '../../limits';
import { useOverlay, useSaveOverlay, type OverlayInput } from '../../resources/visit-pages';
import { ReadFirst } from '../../components/QueryView';

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
export function OverlayForm({ item, onDone }: { item: { id: number } | null; onDone: () => void }) {
  const id = item?.id ?? null;
  return (
    <ReadFirst id={id} query={useOverlay(id)} label="Loading the overlay">
      {(initial) => <OverlayFields key={id ?? 'new'} id={id} initial={initial} onDone={onDone} />}
    </ReadFirst>
  );
}

function OverlayFields({ id, initial, onDone }: { id: number | null; initial?: Draft; onDone: () => void }) {
  const [form, setForm] = useState<Draft>(initial ?? BLANK);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setForm((current) => ({ ...current, [key]: value }));
  const save = useSaveOverlay();
  const submit = () => {
    const { email, phone, ...rest } = form;
    save.mutate({ id, body: { ...rest, ...(form.type === 'contact' ? { email, phone } : {}) } }, { onSuccess: onDone });
  };
  return (
    <FormCard
      of={{ noun: 'overlay', editing: id !== null ? (initial?.name ?? 'overlay') : undefined }}
      level="h3"
      save={save}
      fields={FIELDS}
      onSubmit={submit}
      onCancel={onDone}
    >
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
      <Field id="overlay-name" label="Name" help={`Yours only, ${lengthHelp('OverlayAdd', 'name').toLowerCase()}.`}>
        <input required {...inputRules('OverlayAdd', 'name')} value={form.name} onChange={(e) => set('name', e.target.value)} />
      </Field>
      <Field id="overlay-message" label="Message" help={`What the visitor reads, ${lengthHelp('OverlayAdd', 'message').toLowerCase()}.`}>
        <textarea required {...inputRules('OverlayAdd', 'message')} value={form.message} onChange={(e) => set('message', e.target.value)} />
      </Field>
      <div className="two">
        <Field id="overlay-label" label="Button text" help={`${lengthHelp('OverlayAdd', 'label')}; empty for no button.`}>
          <input {...inputRules('OverlayAdd', 'label')} value={form.label} onChange={(e) => set('label', e.target.value)} />
        </Field>
        <Field id="overlay-link" label="Button leads to">
          <input type="url" {...inputRules('OverlayAdd', 'link')} value={form.link} onChange={(e) => set('link', e.target.value)} />
        </Field>
      </div>
      {form.type === 'contact' && (
        <div className="two">
          <Field id="overlay-email" label="Contact e-mail">
            <input type="email" required value={form.email} onChange={(e) => set('email', e.target.value)} />
          </Field>
          <Field id="overlay-phone" label="Contact phone (optional)">
            <input type="tel" {...inputRules('OverlayAdd', 'phone')} value={form.phone} onChange={(e) => set('phone', e.target.value)} />
          </Field>
        </div>
      )}
      <div className="two">
        <Field id="overlay-position" label="Where">
          <select value={form.position} onChange={(e) => set('position', e.target.value as Draft['position'])}>
            <option value="bottom">At the bottom</option>
            <option value="top">At the top</option>
          </select>
        </Field>
        <Field id="overlay-color" label="Text colour">
          <input type="color" value={form.color} onChange={(e) => set('color', e.target.value)} />
        </Field>
        <Field id="overlay-bg" label="Background colour">
          <input type="color" value={form.bg} onChange={(e) => set('bg', e.target.value)} />
        </Field>
      </div>
    </FormCard>
  );
}
