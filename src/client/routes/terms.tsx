import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../components/layout/use-document-title';
import { useLanguage } from '../components/layout/use-language';
import { ContentBlocks, toBlocks } from '../features/content/components/content-blocks';
import { PolicyPage } from '../features/content/components/policy-page';
import { ShippingZoneTable } from '../features/content/components/shipping-zone-table';
import { textLinkClass } from '../features/content/components/text-link';
import {
  BOOK_FACTS,
  POLICIES_UPDATED,
  SATISFACTION_DAYS,
  SUPPORT_EMAIL,
  SUPPORT_REPLY_HOURS,
} from '../features/content/facts';
import { useShippingZones } from '../features/content/use-shipping-zones';
import { formatCalendarDate } from '../lib/format';

/** The terms' sections in reading order, with their anchors. */
const SECTIONS = [
  { key: 'acceptance', id: 'acceptance' },
  { key: 'service', id: 'the-service' },
  { key: 'photos', id: 'photo-rules' },
  { key: 'intellectualProperty', id: 'intellectual-property' },
  { key: 'orders', id: 'orders-and-prices' },
  { key: 'subscriptions', id: 'subscriptions' },
  { key: 'shipping', id: 'shipping' },
  { key: 'satisfaction', id: 'satisfaction-guarantee' },
  { key: 'liability', id: 'liability' },
  { key: 'law', id: 'governing-law' },
  { key: 'contact', id: 'contact' },
] as const;

export function Component() {
  const { t } = useTranslation('terms');
  const { language } = useLanguage();
  const shipping = useShippingZones();
  useDocumentTitle(t('meta.title'));

  const figures = {
    email: SUPPORT_EMAIL,
    hours: SUPPORT_REPLY_HOURS,
    days: SATISFACTION_DAYS,
    ageMin: BOOK_FACTS.ageMin,
    ageMax: BOOK_FACTS.ageMax,
    storybookPages: BOOK_FACTS.storybookPages,
    coloringPages: BOOK_FACTS.coloringPages,
    countries: shipping.countries,
    printMin: shipping.printingDays.min,
    printMax: shipping.printingDays.max,
  };
  const sections = SECTIONS.map((section) => ({
    ...section,
    title: t(`sections.${section.key}.title`, figures),
  }));

  return (
    <PolicyPage
      eyebrow={t('header.eyebrow')}
      title={t('header.title')}
      lead={t('header.lead')}
      updated={t('header.updated', { date: formatCalendarDate(POLICIES_UPDATED, language) })}
      related={
        <Trans
          t={t}
          i18nKey="header.related"
          components={{ privacyLink: <Link to="/privacy" className={textLinkClass} /> }}
        />
      }
      tocLabel={t('toc.label')}
      sections={sections}
    >
      {(section) => (
        <>
          <ContentBlocks
            blocks={toBlocks(t(`sections.${section.key}.body`, { returnObjects: true, ...figures }))}
          />
          {section.key === 'shipping' ? (
            <>
              <ShippingZoneTable zones={shipping.zones} />
              <ContentBlocks blocks={toBlocks(t('sections.shipping.after', { returnObjects: true }))} />
            </>
          ) : null}
        </>
      )}
    </PolicyPage>
  );
}
