import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api';
import { Field, formError } from '../../components/Field';
import { ErrorState, Loading } from '../../components/states';
import { inputRules, lengthHelp, limitsOf } from '../../limits';
import { useSaveSplash, useSplashPage } from '../../resources/visit-pages';

interface Draft {
  name: string;
  title: string;
  text: string;
  image: string;
  delay: number;
}

const delay = limitsOf('SplashAdd', 'delay');

/** A new splash page, or one read again to change it. */
export function SplashForm({ id, onDone }: { id: number | null; onDone: () => void }) {
  const current = useSplashPage(id);
  if (id !== null && current.isPending) return <Loading label="Loading the splash page" />;
  if (id !== null && !current.data) return <ErrorState error={current.error} retry={() => void current.refetch()} />;
  return <SplashFields key={id ?? 'new'} id={id} initial={current.data} onDone={onDone} />;
}

function SplashFields({ id, initial, onDone }: { id: number | null; initial?: Draft; onDone: () => void }) {
  const [form, setForm] = useState<Draft>(initial ?? { name: '', title: '', text: '', image: '', delay: 5 });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setForm((current) => ({ ...current, [key]: value }));
  const save = useSaveSplash();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { name, title, text, image } = form;
    save.mutate({ id, body: { name, title, text, image, delay: form.delay } }, { onSuccess: onDone });
  };
  const heading = id !== null ? `Edit ${initial?.name ?? 'splash page'}` : 'New splash page';
  return (
    <form className="card form" onSubmit={submit} aria-label={heading}>
      <h3>
        <bdi>{heading}</bdi>
      </h3>
      <Field
        id="splash-name"
        label="Name"
        help={`Yours only, ${lengthHelp('SplashAdd', 'name').toLowerCase()}.`}
        error={save.error}
        names={['name']}
      >
        <input required {...inputRules('SplashAdd', 'name')} value={form.name} onChange={(e) => set('name', e.target.value)} />
      </Field>
      <Field id="splash-title-field" label="Heading" help={`${lengthHelp('SplashAdd', 'title')}.`} error={save.error} names={['title']}>
        <input required {...inputRules('SplashAdd', 'title')} value={form.title} onChange={(e) => set('title', e.target.value)} />
      </Field>
      <Field id="splash-text" label="Text" help={`${lengthHelp('SplashAdd', 'text')}.`} error={save.error} names={['text']}>
        <textarea {...inputRules('SplashAdd', 'text')} value={form.text} onChange={(e) => set('text', e.target.value)} />
      </Field>
      <Field id="splash-image" label="Image address (optional)" error={save.error} names={['image']}>
        <input type="url" {...inputRules('SplashAdd', 'image')} value={form.image} onChange={(e) => set('image', e.target.value)} />
      </Field>
      <Field
        id="splash-delay"
        label="Seconds before going on"
        help={`${delay.minimum} to ${delay.maximum}.`}
        error={save.error}
        names={['delay']}
      >
        <input
          type="number"
          {...inputRules('SplashAdd', 'delay')}
          value={form.delay}
          onChange={(e) => set('delay', Number(e.target.value))}
        />
      </Field>
      {formError(save.error, ['name', 'title', 'text', 'image', 'delay']) !== null && (
        <p className="error" role="alert">
          {errorMessage(save.error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {id !== null ? 'Save splash page' : 'Create splash page'}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
