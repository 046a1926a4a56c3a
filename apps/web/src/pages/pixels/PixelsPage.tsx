import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api';
import { Field, formError } from '../../components/Field';
import { ListPage } from '../../components/ListPage';
import { formatApiDate } from '../../format';
import { inputRules, lengthHelp } from '../../limits';
import { usePixels, useRemovePixel, useSavePixel, useTagRules, type Pixel, type PixelType } from '../../resources/pixels';

export const VENDORS: Record<PixelType, string> = {
  gtmpixel: 'Google Tag Manager',
  gapixel: 'Google Analytics',
  fbpixel: 'Meta (Facebook)',
  adwordspixel: 'Google Ads',
  linkedinpixel: 'LinkedIn',
  twitterpixel: 'X (Twitter)',
  adrollpixel: 'AdRoll',
  quorapixel: 'Quora',
  pinterest: 'Pinterest',
  bing: 'Microsoft Advertising (Bing)',
  snapchat: 'Snapchat',
  reddit: 'Reddit',
  tiktok: 'TikTok',
};

/** Pixels: the vendors' tags a link's visit page loads (Google, Meta, LinkedIn, …). */
export default function PixelsPage() {
  return (
    <main id="main">
      <ListPage
        title="Pixels"
        noun="pixel"
        intro="A pixel is a vendor's tag loaded when a visitor opens one of the links it is added to (on the link's form)."
        usePage={usePixels}
        records={(data) => data.pixels}
        name={(pixel: Pixel) => pixel.name}
        loading="Loading pixels"
        empty={<p>No pixels yet.</p>}
        newLabel="New pixel"
        form={({ item, onDone }) => <PixelForm pixel={item} onDone={onDone} />}
        columns={[
          {
            header: 'Name',
            className: 'strong',
            cell: (pixel) => <bdi>{pixel.name}</bdi>,
          },
          { header: 'Vendor', cell: (pixel) => VENDORS[pixel.type] ?? pixel.type },
          {
            header: 'Tag',
            cell: (pixel) => (
              <code>
                <bdi>{pixel.tag}</bdi>
              </code>
            ),
          },
          { header: 'Added', cell: (pixel) => formatApiDate(pixel.date) },
        ]}
        remove={useRemovePixel()}
        deleteText={(pixel) => (
          <>
            <bdi>{pixel.name}</bdi> is removed from every link that loads it.
          </>
        )}
      />
    </main>
  );
}

function PixelForm({ pixel, onDone }: { pixel: Pixel | null; onDone: () => void }) {
  const [type, setType] = useState<PixelType>(pixel?.type ?? 'gtmpixel');
  const [name, setName] = useState(pixel?.name ?? '');
  const [tag, setTag] = useState(pixel?.tag ?? '');
  const rules = useTagRules();
  const rule = rules.data?.[type];
  const save = useSavePixel();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: pixel?.id ?? null, type, name, tag }, { onSuccess: onDone });
  };
  const title = pixel ? `Edit ${pixel.name}` : 'New pixel';
  return (
    <form className="card form" onSubmit={submit} aria-label={title}>
      <h2>
        <bdi>{title}</bdi>
      </h2>
      <Field
        id="pixel-type"
        label="Vendor"
        help={pixel ? 'The vendor of a pixel cannot change.' : undefined}
        error={save.error}
        names={['type']}
      >
        <select value={type} onChange={(e) => setType(e.target.value as PixelType)} disabled={pixel !== null}>
          {(Object.keys(VENDORS) as PixelType[]).map((key) => (
            <option key={key} value={key}>
              {VENDORS[key]}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id="pixel-name"
        label="Name"
        help={`Your own name for it, ${lengthHelp('PixelAdd', 'name').toLowerCase()}.`}
        error={save.error}
        names={['name']}
      >
        <input required {...inputRules('PixelAdd', 'name')} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field
        id="pixel-tag"
        label="Tag (the vendor's ID)"
        help={rule ? `${rule.description}, for example ${rule.example}.` : "The vendor's ID for the pixel."}
        error={save.error}
        names={['tag']}
      >
        <input
          required
          {...inputRules('PixelAdd', 'tag')}
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          spellCheck={false}
          autoComplete="off"
        />
      </Field>
      {formError(save.error, ['type', 'name', 'tag']) !== null && (
        <p className="error" role="alert">
          {errorMessage(save.error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {pixel ? 'Save pixel' : 'Create pixel'}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
