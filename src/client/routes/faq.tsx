import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../components/layout/use-document-title';
import { useLanguage } from '../components/layout/use-language';
import { ContactCard } from '../features/content/components/contact-card';
import { withEmailLinks } from '../features/content/components/content-blocks';
import { ContentPage } from '../features/content/components/content-page';
import { FaqAccordion, type FaqItem } from '../features/content/components/faq-accordion';
import { ShippingZoneTable } from '../features/content/components/shipping-zone-table';
import { textLinkClass } from '../features/content/components/text-link';
import { BOOK_FACTS, RETENTION, SUPPORT_EMAIL, SUPPORT_REPLY_HOURS } from '../features/content/facts';
import { useShippingZones } from '../features/content/use-shipping-zones';
import { formatList } from '../lib/format';
import { shopPaymentMethods } from '../lib/shop-settings';

export function Component() {
  const { t } = useTranslation('faq');
  const { language } = useLanguage();
  const shipping = useShippingZones();
  useDocumentTitle(t('meta.title'));

  const items: FaqItem[] = [
    {
      id: 'personalisation',
      question: t('items.personalisation.question'),
      answer: <p>{t('items.personalisation.answer')}</p>,
    },
    { id: 'preview', question: t('items.preview.question'), answer: <p>{t('items.preview.answer')}</p> },
    { id: 'themes', question: t('items.themes.question'), answer: <p>{t('items.themes.answer')}</p> },
    {
      id: 'ages',
      question: t('items.ages.question'),
      answer: <p>{t('items.ages.answer', { min: BOOK_FACTS.ageMin, max: BOOK_FACTS.ageMax })}</p>,
    },
    {
      id: 'book-types',
      question: t('items.bookTypes.question'),
      answer: (
        <p>
          {t('items.bookTypes.answer', {
            storybookPages: BOOK_FACTS.storybookPages,
            coloringPages: BOOK_FACTS.coloringPages,
          })}
        </p>
      ),
    },
    {
      id: 'edit-text',
      question: t('items.editText.question'),
      answer: <p>{t('items.editText.answer', { dedicationMax: BOOK_FACTS.dedicationMaxChars })}</p>,
    },
    { id: 'siblings', question: t('items.siblings.question'), answer: <p>{t('items.siblings.answer')}</p> },
    {
      id: 'digital-copy',
      question: t('items.digitalCopy.question'),
      answer: <p>{t('items.digitalCopy.answer')}</p>,
    },
    {
      id: 'privacy',
      question: t('items.privacy.question'),
      answer: (
        <p>
          <Trans
            t={t}
            i18nKey="items.privacy.answer"
            components={{ privacyLink: <Link to="/privacy" className={textLinkClass} /> }}
          />
        </p>
      ),
    },
    {
      id: 'delete-data',
      question: t('items.deleteData.question'),
      answer: <p>{t('items.deleteData.answer', { weeks: RETENTION.originalPhotosWeeks })}</p>,
    },
    {
      id: 'printing',
      question: t('items.printing.question'),
      answer: (
        <p>
          {t('items.printing.answer', { min: shipping.printingDays.min, max: shipping.printingDays.max })}
        </p>
      ),
    },
    {
      id: 'shipping',
      question: t('items.shipping.question'),
      answer: (
        <>
          <p>{t('items.shipping.answer', { countries: shipping.countries })}</p>
          <ShippingZoneTable zones={shipping.zones} />
          <p>{t('items.shipping.note')}</p>
        </>
      ),
    },
    {
      id: 'payment',
      question: t('items.payment.question'),
      answer: (
        <p>
          {t('items.payment.answer', {
            methods: formatList(
              shopPaymentMethods().map((method) => t(`paymentMethods.${method}`)),
              language,
            ),
          })}
        </p>
      ),
    },
    {
      id: 'support',
      question: t('items.support.question'),
      answer: (
        <p>
          {withEmailLinks(t('items.support.answer', { email: SUPPORT_EMAIL, hours: SUPPORT_REPLY_HOURS }))}
        </p>
      ),
    },
  ];

  return (
    <ContentPage
      eyebrow={t('header.eyebrow')}
      title={t('header.title')}
      lead={<p>{t('header.lead')}</p>}
      aside={
        <ContactCard
          title={t('contact.title')}
          body={t('contact.body', { hours: SUPPORT_REPLY_HOURS })}
          action={t('contact.action')}
          email={SUPPORT_EMAIL}
        />
      }
    >
      <FaqAccordion items={items} />
    </ContentPage>
  );
}
