import { BadgeCheck, CalendarCheck, Link2, PiggyBank, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../components/layout/use-document-title';
import { useLanguage } from '../components/layout/use-language';
import { ContactCard } from '../features/content/components/contact-card';
import { ContentPage } from '../features/content/components/content-page';
import { TierCard } from '../features/content/components/tier-card';
import { AFFILIATE_APPROVAL_HOURS, AFFILIATE_TIERS, PARTNERS_EMAIL } from '../features/content/facts';
import { mailtoHref } from '../features/content/mailto';
import { formatPercent } from '../lib/format';

const TONES = ['cream', 'lavender', 'honey'] as const;

const STEPS = [
  { key: 'apply', Icon: Send },
  { key: 'share', Icon: Link2 },
  { key: 'earn', Icon: PiggyBank },
] as const;

export function Component() {
  const { t } = useTranslation('affiliate');
  const { language } = useLanguage();
  useDocumentTitle(t('meta.title'));
  const hours = AFFILIATE_APPROVAL_HOURS;

  return (
    <ContentPage
      width="wide"
      eyebrow={t('header.eyebrow')}
      title={t('header.title')}
      lead={<p>{t('header.lead')}</p>}
    >
      <section aria-labelledby="tiers-title">
        <h2 id="tiers-title" className="text-3xl font-semibold text-ink-900 sm:text-4xl">
          {t('tiers.title')}
        </h2>
        <p className="mt-3 max-w-[60ch] text-lg text-ink-700">{t('tiers.lead')}</p>
        <ul className="mt-8 grid gap-5 lg:grid-cols-3">
          {AFFILIATE_TIERS.map((tier, index) => {
            const name = t(`tiers.names.${tier.id}`);
            return (
              <TierCard
                key={tier.id}
                tone={TONES[index % TONES.length] ?? 'cream'}
                name={name}
                rate={formatPercent(tier.commissionPercent, language)}
                rateLabel={t('tiers.rateLabel')}
                range={
                  tier.maxSales === undefined
                    ? t('tiers.rangeOpen', { min: tier.minSales })
                    : t('tiers.rangeBounded', { min: tier.minSales, max: tier.maxSales })
                }
                blurb={t(`tiers.blurbs.${tier.id}`)}
                applyLabel={t('tiers.apply', { tier: name })}
                applyHref={mailtoHref(PARTNERS_EMAIL, t('tiers.subject', { tier: name }))}
              />
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="steps-title">
        <h2 id="steps-title" className="text-3xl font-semibold text-ink-900 sm:text-4xl">
          {t('steps.title')}
        </h2>
        <ol className="mt-8 grid gap-5 md:grid-cols-3">
          {STEPS.map(({ key, Icon }, index) => (
            <li key={key} className="flex gap-4 rounded-3xl bg-cream-50 p-6 ring-1 ring-sand-300 md:flex-col">
              <span className="relative grid size-14 shrink-0 place-items-center rounded-2xl bg-coral-100 text-coral-700">
                <Icon aria-hidden="true" className="size-6" />
                <span
                  aria-hidden="true"
                  className="absolute -top-2 -right-2 grid size-7 place-items-center rounded-full bg-ink-900 text-sm font-extrabold text-cream-50"
                >
                  {index + 1}
                </span>
              </span>
              <div>
                <h3 className="text-xl font-semibold text-ink-900">{t(`steps.items.${key}.title`)}</h3>
                <p className="mt-2 text-ink-700">{t(`steps.items.${key}.body`, { hours })}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="facts-title">
        <h2 id="facts-title" className="text-3xl font-semibold text-ink-900 sm:text-4xl">
          {t('facts.title')}
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2">
          <li className="flex gap-4">
            <BadgeCheck aria-hidden="true" className="mt-1 size-7 shrink-0 text-coral-600" />
            <div>
              <h3 className="text-xl font-semibold text-ink-900">{t('facts.approval.title', { hours })}</h3>
              <p className="mt-1 text-ink-700">{t('facts.approval.body')}</p>
            </div>
          </li>
          <li className="flex gap-4">
            <CalendarCheck aria-hidden="true" className="mt-1 size-7 shrink-0 text-coral-600" />
            <div>
              <h3 className="text-xl font-semibold text-ink-900">{t('facts.payout.title')}</h3>
              <p className="mt-1 text-ink-700">{t('facts.payout.body')}</p>
            </div>
          </li>
        </ul>
      </section>

      <ContactCard
        title={t('contact.title')}
        body={t('contact.body')}
        action={t('contact.action')}
        email={PARTNERS_EMAIL}
        subject={t('contact.subject')}
      />
    </ContentPage>
  );
}
