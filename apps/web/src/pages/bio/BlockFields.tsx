import { Field } from '../../components/Field';
import { inputRules, lengthHelp } from '../../limits';
import { ICONS, NETWORKS } from './bio-names';
import { MAX_SOCIAL_LINKS, newKey, type DraftBlock, type Icon, type Network, type Upload } from './bio-draft';
import { FieldProblem } from './FieldProblem';
import { ImageField } from './PictureField';
import { Options } from '../../components/Options';

type Of<T extends DraftBlock['type']> = Extract<DraftBlock, { type: T }>;
interface Props<B extends DraftBlock> {
  block: B;
  index: number;
  problem: unknown;
  /** The id of the block's first field (focused when the block is added). */
  first: string;
  id: (field: string) => string;
  names: (field: string) => string[];
  update: (change: Partial<B>) => void;
}

/** The fields of a block, by its type. */
export function BlockFields({
  block,
  index,
  problem,
  onChange,
  onChoose,
}: {
  block: DraftBlock;
  index: number;
  problem: unknown;
  onChange: (change: (block: DraftBlock) => DraftBlock) => void;
  onChoose: (file: File | undefined) => Promise<Upload | null>;
}) {
  const common = {
    index,
    problem,
    first: `block-${block.key}-first`,
    id: (field: string) => `block-${block.key}-${field}`,
    names: (field: string) => [`blocks.${index}.${field}`],
    update: (change: Partial<DraftBlock>) => onChange((current) => ({ ...current, ...change }) as DraftBlock),
  };
  switch (block.type) {
    case 'link':
      return <LinkFields block={block} {...common} />;
    case 'heading':
      return (
        <Field
          id={common.first}
          label={`Heading (block ${index + 1})`}
          help={`${lengthHelp('BioHeadingBlockInput', 'text')}.`}
          error={problem}
          names={common.names('text')}
        >
          <input
            value={block.text}
            {...inputRules('BioHeadingBlockInput', 'text')}
            onChange={(e) => common.update({ text: e.target.value })}
          />
        </Field>
      );
    case 'text':
      return (
        <Field
          id={common.first}
          label={`Text (block ${index + 1})`}
          help={`${lengthHelp('BioTextBlockInput', 'text')}; line breaks are kept.`}
          error={problem}
          names={common.names('text')}
        >
          <textarea
            value={block.text}
            {...inputRules('BioTextBlockInput', 'text')}
            onChange={(e) => common.update({ text: e.target.value })}
          />
        </Field>
      );
    case 'image':
      return (
        <div className="two">
          <ImageField
            block={block}
            index={index}
            problem={problem}
            first={common.first}
            onChoose={onChoose}
            onChange={(upload) => common.update({ upload })}
          />
          <Field
            id={common.id('alt')}
            label={`What the image shows (block ${index + 1})`}
            help="For those who cannot see it; empty for a decorative image."
            error={problem}
            names={common.names('alt')}
          >
            <input
              value={block.alt}
              {...inputRules('BioImageBlockInput', 'alt')}
              onChange={(e) => common.update({ alt: e.target.value })}
            />
          </Field>
        </div>
      );
    case 'social':
      return <SocialFields block={block} {...common} />;
    case 'embed':
      return (
        <Field
          id={common.first}
          label={`Address of the video, track or list (block ${index + 1})`}
          help="A YouTube video or playlist, a Vimeo video, a Spotify track, album, playlist, episode, show or artist, a SoundCloud track or set."
          error={problem}
          names={common.names('url')}
        >
          <input
            type="url"
            value={block.url}
            {...inputRules('BioEmbedBlockInput', 'url')}
            onChange={(e) => common.update({ url: e.target.value })}
            placeholder="https://www.youtube.com/watch?v=…"
          />
        </Field>
      );
    case 'contact':
      return <ContactFields block={block} {...common} />;
  }
}

function LinkFields({ block, index, problem, first, id, names, update }: Props<Of<'link'>>) {
  return (
    <div className="two">
      <Field id={first} label={`Button text (block ${index + 1})`} error={problem} names={names('title')}>
        <input value={block.title} {...inputRules('BioLinkBlockInput', 'title')} onChange={(e) => update({ title: e.target.value })} />
      </Field>
      <Field
        id={id('url')}
        label={`Address it opens (block ${index + 1})`}
        help="An http or https address."
        error={problem}
        names={names('url')}
      >
        <input
          type="url"
          value={block.url}
          {...inputRules('BioLinkBlockInput', 'url')}
          onChange={(e) => update({ url: e.target.value })}
          placeholder="https://"
        />
      </Field>
      <Field id={id('icon')} label={`Icon (block ${index + 1})`} error={problem} names={names('icon')}>
        <select value={block.icon} onChange={(e) => update({ icon: e.target.value as Icon | '' })}>
          <option value="">None</option>
          <Options names={ICONS} />
        </select>
      </Field>
    </div>
  );
}

function SocialFields({ block, index, problem, first, id, names, update }: Props<Of<'social'>>) {
  const change = (key: string, to: Partial<Of<'social'>['links'][number]>) =>
    update({ links: block.links.map((item) => (item.key === key ? { ...item, ...to } : item)) });
  return (
    <fieldset className="social-links">
      <legend className="visually-hidden">Profiles of block {index + 1}</legend>
      <FieldProblem error={problem} field={`blocks.${index}.links`} />
      {block.links.map((link, position) => (
        <div className="row" key={link.key}>
          <Field
            id={position === 0 ? first : id(`network-${link.key}`)}
            label={`Network ${position + 1} (block ${index + 1})`}
            error={problem}
            names={names(`links.${position}.network`)}
          >
            <select value={link.network} onChange={(e) => change(link.key, { network: e.target.value as Network })}>
              <Options names={NETWORKS} />
            </select>
          </Field>
          <Field
            id={id(`url-${link.key}`)}
            label={`Profile address ${position + 1} (block ${index + 1})`}
            error={problem}
            names={names(`links.${position}.url`)}
          >
            <input
              type="url"
              value={link.url}
              {...inputRules('BioSocialLinkInput', 'url')}
              placeholder="https://"
              onChange={(e) => change(link.key, { url: e.target.value })}
            />
          </Field>
          <button
            type="button"
            className="secondary small"
            disabled={block.links.length === 1}
            onClick={() => update({ links: block.links.filter((item) => item.key !== link.key) })}
            aria-label={`Remove profile ${position + 1} of block ${index + 1}`}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className="secondary small"
        disabled={block.links.length >= MAX_SOCIAL_LINKS}
        onClick={() => update({ links: [...block.links, { key: newKey(), network: 'website', url: '' }] })}
      >
        Add a profile<span className="visually-hidden"> to block {index + 1}</span>
      </button>
    </fieldset>
  );
}

function ContactFields({ block, index, problem, first, id, names, update }: Props<Of<'contact'>>) {
  return (
    <div className="two">
      <Field id={first} label={`E-mail address (block ${index + 1})`} error={problem} names={names('email')}>
        <input
          type="email"
          value={block.email}
          maxLength={inputRules('BioContactBlockInput', 'email').maxLength}
          onChange={(e) => update({ email: e.target.value })}
        />
      </Field>
      <Field
        id={id('title')}
        label={`Button text (block ${index + 1})`}
        help="“Contact” when empty."
        error={problem}
        names={names('title')}
      >
        <input
          value={block.title}
          maxLength={inputRules('BioContactBlockInput', 'title').maxLength}
          onChange={(e) => update({ title: e.target.value })}
        />
      </Field>
      <Field id={id('subject')} label={`Subject of the e-mail (block ${index + 1})`} error={problem} names={names('subject')}>
        <input
          value={block.subject}
          {...inputRules('BioContactBlockInput', 'subject')}
          onChange={(e) => update({ subject: e.target.value })}
        />
      </Field>
    </div>
  );
}
