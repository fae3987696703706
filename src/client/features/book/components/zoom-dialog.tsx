import { useTranslation } from 'react-i18next';
import type { BookPreviewPage } from '../../../../shared/contracts/book-preview';
import { Dialog } from '../../../components/ui/dialog';
import { imageAt, pageName, srcSet } from '../lib/page-names';

/** One page large: the 1600 px picture, as close to the printed page as a screen gets. */
export function ZoomDialog({
  page,
  title,
  onClose,
}: {
  page: BookPreviewPage | null;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('book');
  const image = page ? imageAt(page.images, 1600) : undefined;
  return (
    <Dialog
      open={page !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={page ? pageName(t, page) : ''}
      description={t('zoom.description')}
      closeLabel={t('zoom.close')}
      maxWidth="max-w-[min(94vw,88dvh)]"
    >
      {page && image && (
        <img
          src={image.url}
          srcSet={srcSet(page.images)}
          sizes="min(94vw, 88dvh)"
          width={1600}
          height={1600}
          alt={t(`alt.${page.kind}`, { title, number: page.storyPage ?? 0 })}
          className="aspect-square h-auto w-full rounded-2xl object-cover"
        />
      )}
    </Dialog>
  );
}
