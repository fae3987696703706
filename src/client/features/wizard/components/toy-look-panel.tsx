import { Loader2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TOY_COLOUR_IDS,
  TOY_COLOURS,
  TOY_FEATURE_IDS,
  TOY_KIND_IDS,
  type ToyColour,
  type ToyLook,
} from '../../../../shared/domain/toy-look';
import { cn } from '../../../components/ui/cn';
import { toyPreviewUrl } from '../api/toy-look';
import { ChoiceGroup } from './look-panel';

/** What the photo told about the toy's colours: nothing yet, reading, read, or it could not tell. */
export type ToyReadingState = 'idle' | 'reading' | 'read' | 'unreadable';

type ToyLookPanelProps = {
  /** The toy's name, for the question and the preview's text. */
  name: string;
  look: ToyLook;
  onChange: (look: ToyLook) => void;
  reading: ToyReadingState;
  /** Whose toy it is, for a brother, sister or friend's toy (issue 35): the lead's toy has none. */
  owner?: string | undefined;
};

/**
 * "How do we draw Bruno?" in wizard step 3 (docs/decisions/021-the-toy-drawn.md): the kind as
 * picture buttons drawn by the server as the book draws them, the two colours as swatches, one
 * feature, and a live preview. Native radios, so arrows, Space and screen readers work as they do
 * everywhere; the lists come from the shared data (shared/domain/toy-look.ts).
 */
export function ToyLookPanel({ name, look, onChange, reading, owner }: ToyLookPanelProps) {
  const { t } = useTranslation('wizard');
  const id = useId();
  const toyName = name.trim() || t('toyLook.theToy');
  const colourChoices = TOY_COLOUR_IDS.map((colour: ToyColour) => ({
    value: colour,
    label: t(`toyLook.colour.${colour}`),
    colour: TOY_COLOURS[colour].fill,
  }));
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-3xl bg-cream-100 p-4 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="font-display text-xl font-bold">
          {t('toyLook.title', { name: toyName })}
        </h2>
        <p className="text-ink-700">
          {owner?.trim() ? t('toyLook.leadCompanion', { owner: owner.trim() }) : t('toyLook.lead')}
        </p>
      </div>
      <p aria-live="polite" className={cn('text-sm', reading === 'unreadable' && 'font-bold text-ink-900')}>
        {reading === 'reading' && (
          <span className="inline-flex items-center gap-2">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            {t('toyLook.reading')}
          </span>
        )}
        {reading === 'read' && t('toyLook.read')}
        {reading === 'unreadable' && t('toyLook.unreadable')}
      </p>
      <div className="grid gap-6 sm:grid-cols-[minmax(0,11rem)_1fr]">
        <div className="sm:sticky sm:top-24 sm:self-start">
          <img
            src={toyPreviewUrl(look)}
            alt={t('toyLook.previewAlt', { name: toyName })}
            width={352}
            height={512}
            className="mx-auto h-auto w-40 rounded-2xl bg-white sm:w-full"
          />
        </div>
        <div className="flex flex-col gap-5">
          <div role="radiogroup" aria-labelledby={`${id}-kind`} className="flex flex-col gap-2">
            <span id={`${id}-kind`} className="font-bold">
              {t('toyLook.kind.legend')}
            </span>
            <div className="grid grid-cols-4 gap-2">
              {TOY_KIND_IDS.map((kind) => {
                const checked = kind === look.kind;
                return (
                  <label
                    key={kind}
                    className={cn(
                      'flex cursor-pointer flex-col items-center gap-1 rounded-2xl border-2 bg-white p-1 text-center text-xs font-bold',
                      'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-3 has-[:focus-visible]:outline-ink-900',
                      checked ? 'border-coral-600 bg-coral-100' : 'border-ink-900/20 hover:border-ink-900/35',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${id}-kind-choice`}
                      value={kind}
                      checked={checked}
                      onChange={() => onChange({ ...look, kind })}
                      className="sr-only"
                    />
                    <img
                      src={toyPreviewUrl({ ...look, kind })}
                      alt=""
                      width={352}
                      height={512}
                      loading="lazy"
                      className="h-auto w-full max-w-16"
                    />
                    {t(`toyLook.kind.${kind}`)}
                  </label>
                );
              })}
            </div>
          </div>
          <ChoiceGroup
            legend={t('toyLook.main')}
            choices={colourChoices}
            value={look.main}
            onChange={(main) => onChange({ ...look, main })}
          />
          <ChoiceGroup
            legend={t('toyLook.second')}
            choices={colourChoices}
            value={look.second}
            onChange={(second) => onChange({ ...look, second })}
          />
          <ChoiceGroup
            legend={t('toyLook.feature.legend')}
            choices={TOY_FEATURE_IDS.map((feature) => ({
              value: feature,
              label: t(`toyLook.feature.${feature}`),
            }))}
            value={look.feature}
            onChange={(feature) => onChange({ ...look, feature })}
          />
        </div>
      </div>
    </section>
  );
}
