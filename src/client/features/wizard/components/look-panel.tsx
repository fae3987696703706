import { Check, CircleHelp, Loader2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  type ChildLook,
  CLOTHES_COLOUR_IDS,
  CLOTHES_COLOURS,
  childLookParts,
  EYE_COLORS,
  FACE_DETAILS,
  type FaceDetail,
  HAIR_COLORS,
  HAIR_STYLES,
  HEARING_DEVICES,
  HEARING_SIDES,
  hearingChoice,
  hearingFor,
  type LookPart,
  OUTFIT_IDS,
  OUTFITS,
  READ_LOOK_PARTS,
  SKIN_TONES,
  sameChildLook,
} from '../../../../shared/domain/child-look';
import { EYE_SWATCHES, HAIR_SWATCHES, SKIN_SWATCHES } from '../../../../shared/domain/child-look-swatches';
import { useLanguage } from '../../../components/layout/use-language';
import { cn } from '../../../components/ui/cn';
import type { AdjustedCover } from '../api/adjusted-cover';
import { generateCover } from '../api/generate-cover';
import { isLightColour } from '../lib/look-swatches';

/** How long the panel waits after a choice before redrawing: arrowing through swatches draws once. */
export const REDRAW_DELAY_MS = 400;

type LookPanelProps = {
  /** The child's name, for the question and the busy note. */
  name: string;
  /** The look of the cover on screen. */
  look: ChildLook;
  /** The parts of it the photo did not settle (drawn as the default look has them), still to choose. */
  unread?: readonly LookPart[] | undefined;
  /** The cover on screen, shown small beside the question on a phone (the big one is scrolled away). */
  coverUrl: string;
  /** A cover drawn with the parent's look has arrived: show it (the previous one stays until then). */
  onRedrawn: (cover: AdjustedCover) => void;
  /** True from the first change until the cover for the last one is there. */
  onBusyChange?: (busy: boolean) => void;
};

type Choice<T extends string> = { value: T; label: string; colour?: string };

/**
 * One part of the look as a radio group (native radios, so arrows, Space and screen readers work as
 * they do everywhere): round colour swatches, or named options.
 */
export function ChoiceGroup<T extends string>({
  legend,
  choices,
  value,
  onChange,
  note,
}: {
  legend: string;
  choices: Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  /**
   * Said beside the choices ("We could not tell from the photo"); while it shows, choosing the value
   * already chosen counts as a choice too (`onChange` with it), so the parent can confirm it.
   */
  note?: string | undefined;
}) {
  const { t } = useTranslation('wizard');
  const id = useId();
  const chosen = choices.find((choice) => choice.value === value);
  const swatches = choices.every((choice) => choice.colour);
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-describedby={note ? `${id}-note` : undefined}
      className="flex flex-col gap-2"
    >
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span id={`${id}-legend`} className="font-bold">
          {legend}
        </span>
        {/* A swatch's name is its accessible name; sighted parents read it here. */}
        {swatches && chosen && (
          <span aria-hidden="true" className="text-sm text-ink-700">
            {t('look.current', { value: chosen.label })}
          </span>
        )}
      </div>
      {note && (
        <p id={`${id}-note`} className="-mt-1 flex items-start gap-1.5 text-sm font-semibold text-coral-700">
          <CircleHelp aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {note}
        </p>
      )}
      {/* Swatches on one row of eight (the longest palette), so a palette never breaks oddly. */}
      <div className={swatches ? 'grid grid-cols-8 gap-1.5' : 'flex flex-wrap gap-2'}>
        {choices.map((choice) => {
          const checked = choice.value === value;
          return (
            <label
              key={choice.value}
              title={choice.label}
              className={cn(
                'relative flex cursor-pointer items-center justify-center transition-shadow',
                'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-3 has-[:focus-visible]:outline-ink-900',
                choice.colour
                  ? 'aspect-square w-full max-w-10 rounded-full ring-1 ring-ink-900/20 has-[:checked]:ring-2 has-[:checked]:ring-coral-600 has-[:checked]:ring-offset-2 has-[:checked]:ring-offset-cream-50'
                  : 'min-h-10 rounded-full border-2 bg-white px-3.5 text-sm font-bold has-[:checked]:border-coral-600 has-[:checked]:bg-coral-100',
                !choice.colour && !checked && 'border-ink-900/20 hover:border-ink-900/35',
              )}
              style={choice.colour ? { backgroundColor: choice.colour } : undefined}
            >
              <input
                type="radio"
                name={`${id}-choice`}
                value={choice.value}
                checked={checked}
                onChange={() => onChange(choice.value)}
                // A click (or Space) on the value already chosen: the parent confirms it.
                onClick={note && checked ? () => onChange(choice.value) : undefined}
                className="sr-only"
              />
              {choice.colour ? (
                <>
                  <span className="sr-only">{choice.label}</span>
                  {checked && (
                    <Check
                      aria-hidden="true"
                      strokeWidth={3}
                      className={cn('size-5', isLightColour(choice.colour) ? 'text-ink-900' : 'text-white')}
                    />
                  )}
                </>
              ) : (
                choice.label
              )}
            </label>
          );
        })}
      </div>
    </div>
  );
}

/**
 * Details a child may have several of, as a group of labelled checkboxes (Tab to each, Space to
 * tick), drawn like the named options of a `ChoiceGroup`.
 */
function ToggleGroup<T extends string>({
  legend,
  choices,
  value,
  onChange,
}: {
  legend: string;
  choices: { value: T; label: string }[];
  value: readonly T[];
  onChange: (value: T, on: boolean) => void;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 font-bold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => {
          const on = value.includes(choice.value);
          return (
            <label
              key={choice.value}
              className={cn(
                'relative flex min-h-10 cursor-pointer items-center gap-1.5 rounded-full border-2 bg-white px-3.5 text-sm font-bold',
                'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-3 has-[:focus-visible]:outline-ink-900',
                'has-[:checked]:border-coral-600 has-[:checked]:bg-coral-100',
                !on && 'border-ink-900/20 hover:border-ink-900/35',
              )}
            >
              <input
                type="checkbox"
                checked={on}
                onChange={(event) => onChange(choice.value, event.target.checked)}
                className="sr-only"
              />
              {on && <Check aria-hidden="true" strokeWidth={3} className="size-4 text-coral-700" />}
              {choice.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Every part of the look, each a group of choices; `choose` is called with the part changed. */
export function LookChoices({
  look,
  choose,
  unread = [],
}: {
  look: ChildLook;
  choose: (change: Partial<ChildLook>) => void;
  /** Parts the photo did not settle, each with a note; none when the panel's lead says it for all. */
  unread?: readonly LookPart[];
}) {
  const { t } = useTranslation('wizard');
  const note = (part: LookPart) => (unread.includes(part) ? t('look.unread') : undefined);
  const parts = childLookParts(look);
  const cut = OUTFITS[parts.outfit];
  const named = <T extends string>(values: readonly T[], label: (value: T) => string) =>
    values.map((value) => ({ value, label: label(value) }));
  const clothes = CLOTHES_COLOUR_IDS.map((value) => ({
    value,
    label: t(`look.clothesColour.${value}` as const),
    colour: CLOTHES_COLOURS[value].fill,
  }));
  const hearingNow = hearingChoice(parts.hearing);
  const toggle = (detail: FaceDetail, on: boolean) =>
    choose({ face: FACE_DETAILS.filter((d) => (d === detail ? on : parts.face.includes(d))) });
  return (
    <>
      <ChoiceGroup
        legend={t('look.skin.legend')}
        value={look.skin}
        onChange={(skin) => choose({ skin })}
        note={note('skin')}
        choices={SKIN_TONES.map((value) => ({
          value,
          label: t(`look.skin.${value}` as const),
          colour: SKIN_SWATCHES[value],
        }))}
      />
      <ChoiceGroup
        legend={t('look.hairColor.legend')}
        value={look.hairColor}
        onChange={(hairColor) => choose({ hairColor })}
        note={note('hairColor')}
        choices={HAIR_COLORS.map((value) => ({
          value,
          label: t(`look.hairColor.${value}` as const),
          colour: HAIR_SWATCHES[value],
        }))}
      />
      <ChoiceGroup
        legend={t('look.hairStyle.legend')}
        value={look.hairStyle}
        onChange={(hairStyle) => choose({ hairStyle })}
        note={note('hairStyle')}
        choices={named(HAIR_STYLES, (value) => t(`look.hairStyle.${value}` as const))}
      />
      <ChoiceGroup
        legend={t('look.fringe.legend')}
        value={parts.fringe ? 'with' : 'without'}
        onChange={(value) => choose({ fringe: value === 'with' })}
        choices={named(['without', 'with'] as const, (value) => t(`look.fringe.${value}` as const))}
      />
      <ChoiceGroup
        legend={t('look.eyeColor.legend')}
        value={look.eyeColor}
        onChange={(eyeColor) => choose({ eyeColor })}
        note={note('eyeColor')}
        choices={EYE_COLORS.map((value) => ({
          value,
          label: t(`look.eyeColor.${value}` as const),
          colour: EYE_SWATCHES[value],
        }))}
      />
      <ToggleGroup
        legend={t('look.face.legend')}
        value={parts.face}
        onChange={toggle}
        choices={named(FACE_DETAILS, (value) => t(`look.face.${value}` as const))}
      />
      <ChoiceGroup
        legend={t('look.glasses.legend')}
        value={look.glasses ? 'with' : 'without'}
        onChange={(value) => choose({ glasses: value === 'with' })}
        choices={named(['without', 'with'] as const, (value) => t(`look.glasses.${value}` as const))}
      />
      <ChoiceGroup
        legend={t('look.hearing.legend')}
        value={hearingNow.device}
        // Another device keeps the ears chosen; the first device chosen comes on its usual ears.
        onChange={(device) =>
          choose({ hearing: hearingFor(device, hearingNow.device === 'none' ? undefined : hearingNow.side) })
        }
        choices={named(HEARING_DEVICES, (value) => t(`look.hearing.${value}` as const))}
      />
      {hearingNow.device !== 'none' && (
        <div className="flex flex-col gap-1.5">
          <ChoiceGroup
            legend={t('look.hearingSide.legend')}
            value={hearingNow.side}
            onChange={(side) => choose({ hearing: hearingFor(hearingNow.device, side) })}
            choices={named(HEARING_SIDES, (value) => t(`look.hearingSide.${value}` as const))}
          />
          <p className="text-sm text-ink-700">{t('look.hearingSide.hint')}</p>
        </div>
      )}
      <ChoiceGroup
        legend={t('look.outfit.legend')}
        value={parts.outfit}
        onChange={(outfit) => choose({ outfit })}
        choices={named(OUTFIT_IDS, (value) => t(`look.outfit.${value}` as const))}
      />
      <div className="flex flex-col gap-1.5">
        <ChoiceGroup
          legend={t(cut.skirt ? 'look.top.dress' : 'look.top.shirt')}
          value={parts.top}
          onChange={(top) => choose({ top })}
          choices={clothes}
        />
        <p className="text-sm text-ink-700">{t('look.top.hint')}</p>
      </div>
      <ChoiceGroup
        legend={t(cut.bib ? 'look.bottom.dungarees' : (`look.bottom.${cut.legs}` as const))}
        value={parts.bottom}
        onChange={(bottom) => choose({ bottom })}
        choices={clothes}
      />
      <ChoiceGroup
        legend={t('look.shoes')}
        value={parts.shoes}
        onChange={(shoes) => choose({ shoes })}
        choices={clothes}
      />
    </>
  );
}

/**
 * "Does this look like Lily?" under the hero cover (wizard step 2): the drawn child's skin, hair
 * colour, hairstyle, eyes and glasses. A change redraws the cover after a short pause; calls run one
 * at a time (the server keeps the last cover drawn, so answers must not cross), and the cover of the
 * last choice is the one that stays. A failure keeps the earlier cover and puts the choices back.
 */
export function LookPanel({ name, look, unread, coverUrl, onRedrawn, onBusyChange }: LookPanelProps) {
  const { t } = useTranslation('wizard');
  const { language } = useLanguage();
  const headingId = useId();
  const [chosen, setChosen] = useState(look);
  // The parts still to choose (issue 30): a part leaves once the parent picks a value for it.
  const [open, setOpen] = useState<readonly LookPart[]>(unread ?? []);
  const drawnOpen = useRef<readonly LookPart[]>(unread ?? []);
  const wantedOpen = useRef<readonly LookPart[]>(unread ?? []);
  const [busy, setBusy] = useState(false);
  const [updated, setUpdated] = useState(false);
  // The look of the cover on screen, and what the parent chose last.
  const drawn = useRef(look);
  const wanted = useRef(look);
  const running = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const callbacks = useRef({ onRedrawn, onBusyChange });
  useEffect(() => {
    callbacks.current = { onRedrawn, onBusyChange };
  });
  useEffect(() => {
    callbacks.current.onBusyChange?.(busy);
  }, [busy]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const redraw = async () => {
    timer.current = undefined;
    if (running.current) return;
    running.current = true;
    try {
      // A part confirmed as drawn is saved too (the cover is the same, its notes are not).
      while (
        !sameChildLook(wanted.current, drawn.current) ||
        wantedOpen.current.length !== drawnOpen.current.length
      ) {
        const asked = wanted.current;
        const askedOpen = wantedOpen.current;
        try {
          // The parts still to choose, while the cover on screen has any.
          const cover = await generateCover({
            kind: 'hero',
            language,
            look: asked,
            unread: drawnOpen.current.length > 0 ? askedOpen : undefined,
          });
          drawn.current = cover.look ?? asked;
          drawnOpen.current = cover.unread ?? askedOpen;
          callbacks.current.onRedrawn({
            imageId: cover.imageId,
            look: drawn.current,
            ...(cover.unread ? { unread: cover.unread } : {}),
            versions: cover.versions,
          });
          setUpdated(true);
        } catch {
          toast.error(t('look.failed'), { id: 'wizard-look-failed' });
          wanted.current = drawn.current;
          wantedOpen.current = drawnOpen.current;
          setChosen(drawn.current);
          setOpen(drawnOpen.current);
        }
      }
    } finally {
      running.current = false;
      if (timer.current === undefined) setBusy(false);
    }
  };

  const choose = (change: Partial<ChildLook>) => {
    const next = { ...wanted.current, ...change };
    wanted.current = next;
    setChosen(next);
    // Only ever fewer parts to choose: the parts still open are those the parent has not touched.
    wantedOpen.current = wantedOpen.current.filter((part) => !(part in change));
    setOpen(wantedOpen.current);
    setUpdated(false);
    setBusy(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void redraw(), REDRAW_DELAY_MS);
  };

  const nothingRead = READ_LOOK_PARTS.every((part) => open.includes(part));
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-5 rounded-3xl bg-cream-50 p-4 shadow-soft ring-1 ring-sand-300/70"
    >
      {/* On a phone the big cover is scrolled away: a small copy stays in view while choosing. */}
      <div className="sticky top-0 z-10 -mx-4 -mt-4 flex items-center gap-3 rounded-t-3xl border-b border-sand-300/70 bg-cream-50/95 px-4 pt-4 pb-3 backdrop-blur-sm sm:static sm:m-0 sm:block sm:border-0 sm:bg-transparent sm:p-0">
        <div className="relative shrink-0 sm:hidden">
          <img
            src={coverUrl}
            alt={t('look.previewAlt')}
            className={cn(
              'size-16 rounded-xl bg-cream-200 object-cover ring-1 ring-sand-300/70 transition-opacity',
              busy && 'opacity-60',
            )}
          />
          {busy && (
            <Loader2
              aria-hidden="true"
              className="absolute inset-0 m-auto size-6 text-coral-700 motion-safe:animate-spin"
            />
          )}
        </div>
        <h2 id={headingId} className="font-display text-xl font-semibold sm:text-2xl">
          {t('look.title', { name })}
        </h2>
      </div>
      {/* Nothing read off the photo: said once here rather than beside every part. */}
      {nothingRead ? (
        <p className="font-semibold text-coral-700 sm:-mt-2">{t('look.leadUnread', { name })}</p>
      ) : (
        <p className="text-ink-700 sm:-mt-2">{t('look.lead', { name })}</p>
      )}
      <LookChoices look={chosen} choose={choose} unread={nothingRead ? [] : open} />
      <p role="status" className="flex min-h-6 items-center gap-2 text-sm font-semibold text-ink-700">
        {busy ? (
          <>
            <Loader2 aria-hidden="true" className="size-4 motion-safe:animate-spin" />
            {t('look.redrawing', { name })}
          </>
        ) : updated ? (
          <>
            <Check aria-hidden="true" className="size-4 text-coral-700" />
            {t('look.redrawn')}
          </>
        ) : null}
      </p>
    </section>
  );
}
