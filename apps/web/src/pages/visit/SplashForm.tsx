import { useState } from 'react';
import { Field } from '../../components/Field';
import { FormCard } from '../../components/FormCard';
import { inputRules, lengthHelp, limitsOf } from '../../limits';
import { useSaveSplash, useSplashPage } from '../../resources/visit-pages';
import { ReadFirst } from '../../components/QueryView';

interface Draft {
  name: string;
  title: string;
  text: string;
  image: string;
  delay: number;
}

const delay = limitsOf('SplashAdd', 'delay');

/** A new splash page, or one read again to change it. */
export function SplashForm({ item, onDone }: { item: { id: number } | null; onDone: () => void }) {
  const id = item?.id ?? null;
  return (
    <ReadFirst id={id} query={useSplashPage(id)} label="Loading the splash page">
      {(initial) => <SplashFields key={id ?? 'new'} id={id} initial={initial} onDone={onDone} />}
    </ReadFirst>
  );
}

function SplashFields({ id, initial, onDone }: { id: number | null; initial?: Draft; onDone: () => void }) {
  const [form, setForm] = useState<Draft>(initial ?? { name: '', title: '', text: '', image: '', delay: 5 });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setForm((current) => ({ ...current, [key]: value }));
  const save = useSaveSplash();
  const submit = () => {
    const { name, title, text, image } = form;
    save.mutate({ id, body: { name, title, text, image, delay: form.delay } }, { onSuccess: onDone });
  };
  const fields = ['name', 'title', 'text', 'image', 'delay'];
  return (
    <FormCard
      of={{ noun: 'splash page', editing: id !== null ? (initial?.name ?? 'splash page') : undefined }}
      level="h3"
      save={save}
      fields={fields}
      onSubmit={submit}
      onCancel={onDone}
    >
      <Field id="splash-name" label="Name" help={`Yours only, ${lengthHelp('SplashAdd', 'name').toLowerCase()}.`}>
        <input required {...inputRules('SplashAdd', 'name')} value={form.name} onChange={(e) => set('name', e.target.value)} />
      </Field>
      <Field id="splash-title-field" label="Heading" help={`${lengthHelp('SplashAdd', 'title')}.`} names={['title']}>
        <input required {...inputRules('SplashAdd', 'title')} value={form.title} onChange={(e) => set('title', e.target.value)} />
      </Field>
      <Field id="splash-text" label="Text" help={`${lengthHelp('SplashAdd', 'text')}.`}>
        <textarea {...inputRules('SplashAdd', 'text')} value={form.text} onChange={(e) => set('text', e.target.value)} />
      </Field>
      <Field id="splash-image" label="Image address (optional)">
        <input type="url" {...inputRules('SplashAdd', 'image')} value={form.image} onChange={(e) => set('image', e.target.value)} />
      </Field>
      <Field id="splash-delay" label="Seconds before going on" help={`${delay.minimum} to ${delay.maximum}.`}>
        <input
          type="number"
          {...inputRules('SplashAdd', 'delay')}
          value={form.delay}
          onChange={(e) => set('delay', Number(e.target.value))}
        />
      </Field>
    </FormCard>
  );
}
