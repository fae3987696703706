import { Loader2, Save } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../shared/constants';
import {
  characterCount,
  containsEmoji,
  dedicationProblems,
  normaliseSignature,
  signatureProblems,
} from '../../../../shared/domain/dedication';
import type { Language } from '../../../../shared/domain/languages';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { FieldError } from '../../../components/ui/field-notes';
import { limitCharacters } from '../lib/limit-characters';
import { SecondLanguageField } from './second-language-field';

const SUGGESTIONS = ['parents', 'grandma', 'godmother'] as const;

type StepDedicationProps = {
  message: string;
  signature: string;
  onMessageChange: (message: string) => void;
  onSignatureChange: (signature: string) => void;
  /** The bilingual edition's second language (none: null). */
  secondLanguage: Language | null;
  onSecondLanguageChange: (value: string) => void;
  saving: boolean;
  onSave: () => void;
};

const fieldClass =
  'w-full rounded-2xl border-2 bg-white px-4 text-base text-ink-900 shadow-xs transition-colors placeholder:text-ink-700/60 focus-visible:border-ink-900 focus-visible:outline-offset-1';

const describe = (...parts: Array<string | false>) => parts.filter(Boolean).join(' ') || undefined;

/** Step 5: the dedication printed on the first page, and its signature (docs/spec.md section 5). */
export function StepDedication({
  message,
  signature,
  onMessageChange,
  onSignatureChange,
  secondLanguage,
  onSecondLanguageChange,
  saving,
  onSave,
}: StepDedicationProps) {
  const { t } = useTranslation('wizard');
  const id = useId();
  const ids = {
    signature: `${id}-signature`,
    signatureHint: `${id}-signature-hint`,
    signatureCount: `${id}-signature-count`,
    signatureLimit: `${id}-signature-limit`,
    signatureEmoji: `${id}-signature-emoji`,
  };
  const signatureRef = useRef<HTMLInputElement>(null);
  // The ideas help only until the user starts on the signature (docs/spec.md section 5).
  const [signatureFocused, setSignatureFocused] = useState(false);

  const signatureCount = characterCount(signature);
  const signatureAtLimit = signatureCount >= LIMITS.signatureMaxChars;
  const signatureEmoji = containsEmoji(signature);
  const canSave = dedicationProblems(message).length === 0 && signatureProblems(signature).length === 0;

  return (
    <div className="flex flex-col gap-6">
      <MessageField id={id} message={message} onMessageChange={onMessageChange} />

      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.signature} className="font-bold">
          {t('dedication.signature')}
        </label>
        <input
          ref={signatureRef}
          id={ids.signature}
          name="dedication-signature"
          autoComplete="off"
          value={signature}
          onFocus={() => setSignatureFocused(true)}
          onChange={(event) =>
            onSignatureChange(
              limitCharacters(normaliseSignature(event.target.value), LIMITS.signatureMaxChars),
            )
          }
          aria-invalid={signatureEmoji ? true : undefined}
          aria-describedby={describe(
            ids.signatureHint,
            ids.signatureCount,
            signatureAtLimit && ids.signatureLimit,
            signatureEmoji && ids.signatureEmoji,
          )}
          className={cn(
            fieldClass,
            'h-12',
            signatureEmoji ? 'border-red-600' : 'border-ink-900/20 hover:border-ink-900/35',
          )}
        />
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="flex flex-col gap-1">
            <p id={ids.signatureHint} className="text-sm text-ink-700">
              {t('dedication.signatureHint')}
            </p>
            {signatureAtLimit && (
              <FieldError id={ids.signatureLimit}>{t('dedication.signatureLimit')}</FieldError>
            )}
            {signatureEmoji && <FieldError id={ids.signatureEmoji}>{t('dedication.emoji')}</FieldError>}
          </div>
          <p
            id={ids.signatureCount}
            className={cn(
              'ml-auto text-sm font-semibold tabular-nums',
              signatureAtLimit ? 'text-red-700' : 'text-ink-700',
            )}
          >
            {t('dedication.count', { count: signatureCount, max: LIMITS.signatureMaxChars })}
          </p>
        </div>
        {!signatureFocused && (
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <span className="text-sm font-bold text-ink-700">{t('dedication.suggestions')}</span>
            {SUGGESTIONS.map((suggestion) => (
              <button
                key={suggestion}
                type="button"
                onClick={() => {
                  onSignatureChange(t(`dedication.suggestion.${suggestion}`));
                  signatureRef.current?.focus();
                }}
                className="rounded-full bg-lavender-100 px-3.5 py-1.5 text-sm font-bold text-ink-900 transition-colors hover:bg-coral-100"
              >
                {t(`dedication.suggestion.${suggestion}`)}
              </button>
            ))}
          </div>
        )}
      </div>

      <DedicationPreview message={message} signature={signature} />

      <SecondLanguageField value={secondLanguage} onChange={onSecondLanguageChange} />

      <Button variant="secondary" className="self-start" disabled={!canSave || saving} onClick={onSave}>
        {saving ? (
          <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
        ) : (
          <Save aria-hidden="true" className="size-5" />
        )}
        {saving ? t('dedication.saving') : t('dedication.save')}
      </Button>
    </div>
  );
}

/** The dedication's words: at most the printed page's characters, no emoji, counted as they are typed. */
function MessageField({
  id,
  message,
  onMessageChange,
}: {
  id: string;
  message: string;
  onMessageChange: (message: string) => void;
}) {
  const { t } = useTranslation('wizard');
  const ids = {
    message: `${id}-message`,
    count: `${id}-count`,
    messageLimit: `${id}-message-limit`,
    messageEmoji: `${id}-message-emoji`,
  };
  const count = characterCount(message);
  const atLimit = count >= LIMITS.dedicationMaxChars;
  const messageEmoji = containsEmoji(message);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={ids.message} className="font-bold">
        {t('dedication.message')}
      </label>
      <textarea
        id={ids.message}
        name="dedication-message"
        rows={5}
        value={message}
        onChange={(event) => onMessageChange(limitCharacters(event.target.value, LIMITS.dedicationMaxChars))}
        aria-invalid={messageEmoji ? true : undefined}
        aria-describedby={describe(ids.count, atLimit && ids.messageLimit, messageEmoji && ids.messageEmoji)}
        className={cn(
          fieldClass,
          'resize-y py-3 font-display text-lg leading-relaxed',
          messageEmoji ? 'border-red-600' : 'border-ink-900/20 hover:border-ink-900/35',
        )}
      />
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="flex flex-col gap-1">
          {atLimit && <FieldError id={ids.messageLimit}>{t('dedication.limit')}</FieldError>}
          {messageEmoji && <FieldError id={ids.messageEmoji}>{t('dedication.emoji')}</FieldError>}
        </div>
        <p
          id={ids.count}
          className={cn(
            'ml-auto text-sm font-semibold tabular-nums',
            atLimit ? 'text-red-700' : 'text-ink-700',
          )}
        >
          {t('dedication.count', { count, max: LIMITS.dedicationMaxChars })}
        </p>
      </div>
    </div>
  );
}

/** A picture of the printed page: the same words as the fields above, so screen readers skip it. */
function DedicationPreview({ message, signature }: { message: string; signature: string }) {
  const { t } = useTranslation('wizard');
  return (
    <figure
      aria-hidden="true"
      className="rounded-3xl bg-cream-50 px-6 py-8 text-center shadow-soft ring-1 ring-sand-300/70"
    >
      <figcaption className="mb-4 text-xs font-bold tracking-wide text-ink-700 uppercase">
        {t('dedication.previewLabel')}
      </figcaption>
      <p className="font-display text-xl leading-relaxed break-words whitespace-pre-line">{message}</p>
      {signature.trim() && <p className="mt-4 font-display text-lg text-coral-700 italic">{signature}</p>}
    </figure>
  );
}
