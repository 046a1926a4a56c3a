import { useState } from 'react';
import { Field } from '../../components/Field';
import { FormCard } from '../../components/FormCard';
import { ListPage, type Column } from '../../components/ListPage';
import { formatApiDate } from '../../format';
import { inputRules, lengthHelp } from '../../limits';
import { useSavePixel, useTagRules, type Pixel, type PixelType, pixelList } from '../../resources/pixels';

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

const INTRO = "A pixel is a vendor's tag loaded when a visitor opens one of the links it is added to (on the link's form).";

const COLUMNS: Column<Pixel>[] = [
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
];

const deleteText = (pixel: Pixel) => (
  <>
    <bdi>{pixel.name}</bdi> is removed from every link that loads it.
  </>
);

/** Pixels: the vendors' tags a link's visit page loads (Google, Meta, LinkedIn, …). */
export default function PixelsPage() {
  return (
    <main id="main">
      <ListPage source={pixelList} title="Pixels" intro={INTRO} form={PixelForm} columns={COLUMNS} removal={{ text: deleteText }} />
    </main>
  );
}

function PixelForm({ item: pixel, onDone }: { item: Pixel | null; onDone: () => void }) {
  const [type, setType] = useState<PixelType>(pixel?.type ?? 'gtmpixel');
  const [name, setName] = useState(pixel?.name ?? '');
  const [tag, setTag] = useState(pixel?.tag ?? '');
  const rules = useTagRules();
  const rule = rules.data?.[type];
  const save = useSavePixel();
  const submit = () => {
    save.mutate({ id: pixel?.id ?? null, type, name, tag }, { onSuccess: onDone });
  };
  const fields = ['type', 'name', 'tag'];
  return (
    <FormCard of={{ noun: 'pixel', editing: pixel?.name }} save={save} fields={fields} onSubmit={submit} onCancel={onDone}>
      <Field id="pixel-type" label="Vendor" help={pixel ? 'The vendor of a pixel cannot change.' : undefined}>
        <select value={type} onChange={(e) => setType(e.target.value as PixelType)} disabled={pixel !== null}>
          {(Object.keys(VENDORS) as PixelType[]).map((key) => (
            <option key={key} value={key}>
              {VENDORS[key]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="pixel-name" label="Name" help={`Your own name for it, ${lengthHelp('PixelAdd', 'name').toLowerCase()}.`}>
        <input required {...inputRules('PixelAdd', 'name')} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field
        id="pixel-tag"
        label="Tag (the vendor's ID)"
        help={rule ? `${rule.description}, for example ${rule.example}.` : "The vendor's ID for the pixel."}
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
    </FormCard>
  );
}
