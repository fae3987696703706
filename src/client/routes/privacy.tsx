import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../components/layout/use-document-title';
import { useLanguage } from '../components/layout/use-language';
import { ContentBlocks, toBlocks } from '../features/content/components/content-blocks';
import { PageLanguageSwitcher } from '../features/content/components/page-language-switcher';
import { PolicyPage } from '../features/content/components/policy-page';
import { textLinkClass } from '../features/content/components/text-link';
import { POLICIES_UPDATED, RETENTION, SUPPORT_EMAIL, WIZARD_COOKIE } from '../features/content/facts';
import { formatCalendarDate } from '../lib/format';

/** The policy's sections in reading order; each key is also the section's anchor. */
const SECTIONS = [
  { key: 'whoWeAre', id: 'who-we-are' },
  { key: 'dataWeCollect', id: 'data-we-collect' },
  { key: 'howWeUse', id: 'how-we-use-it' },
  { key: 'howWeShare', id: 'how-we-share-it' },
  { key: 'transfers', id: 'international-transfers' },
  { key: 'retention', id: 'retention' },
  { key: 'yourRights', id: 'your-rights' },
  { key: 'cookies', id: 'cookies' },
  { key: 'security', id: 'security' },
  { key: 'noAiTraining', id: 'no-ai-training' },
  { key: 'processors', id: 'processors' },
  { key: 'changes', id: 'changes-and-contact' },
] as const;

// Every figure the policy promises, so both languages say the same (features/content/facts.ts).
const FIGURES = {
  email: SUPPORT_EMAIL,
  originalsWeeks: RETENTION.originalPhotosWeeks,
  derivedMonths: RETENTION.derivedImagesMonths,
  tempHours: RETENTION.temporaryUploadsHours,
  draftsDays: RETENTION.unpaidDraftsDays,
  logsDays: RETENTION.errorLogsDays,
  failedSignInsHours: RETENTION.failedSignInsHours,
  complaintDays: RETENTION.complaintAnswerDays,
  accountingYears: RETENTION.accountingYears,
  wizardCookie: WIZARD_COOKIE.name,
  wizardHours: WIZARD_COOKIE.hours,
};

export function Component() {
  const { t } = useTranslation('privacy');
  const { language } = useLanguage();
  useDocumentTitle(t('meta.title'));
  const sections = SECTIONS.map((section) => ({ ...section, title: t(`sections.${section.key}.title`) }));

  return (
    <PolicyPage
      top={<PageLanguageSwitcher label={t('header.language')} />}
      eyebrow={t('header.eyebrow')}
      title={t('header.title')}
      lead={t('header.lead')}
      updated={t('header.updated', { date: formatCalendarDate(POLICIES_UPDATED, language) })}
      related={
        <Trans
          t={t}
          i18nKey="header.related"
          components={{ termsLink: <Link to="/terms" className={textLinkClass} /> }}
        />
      }
      tocLabel={t('toc.label')}
      sections={sections}
    >
      {(section) => (
        <ContentBlocks
          blocks={toBlocks(t(`sections.${section.key}.body`, { returnObjects: true, ...FIGURES }))}
        />
      )}
    </PolicyPage>
  );
}
