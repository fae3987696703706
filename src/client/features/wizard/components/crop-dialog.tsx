import * as Dialog from '@radix-ui/react-dialog';
import { CircleAlert, Loader2, ZoomIn, ZoomOut } from 'lucide-react';
import { useId, useState } from 'react';
import Cropper, { type Area, type MediaSize } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../shared/constants';
import { Button } from '../../../components/ui/button';

type CropDialogProps = {
  /** The chosen photo (an object URL); the dialog is open while there is one. */
  src: string | null;
  /** True while the square is being encoded and sent. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: (area: Area) => void;
};

const { min: MIN_ZOOM, max: MAX_ZOOM, step: ZOOM_STEP } = LIMITS.cropZoom;

/** The square crop of a chosen photo, with a zoom from 1 to 3 (SPEC.md section 5, Photos). */
export function CropDialog({ src, busy, onCancel, onConfirm }: CropDialogProps) {
  const { t } = useTranslation('wizard');
  const zoomId = useId();
  const tooSmallId = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const [media, setMedia] = useState<MediaSize | null>(null);

  // The server refuses a photo under 300 x 300 px: say so here, before anything is sent.
  const tooSmall =
    (media !== null && Math.min(media.naturalWidth, media.naturalHeight) < LIMITS.photoMinPixels) ||
    (area !== null && Math.round(area.width) < LIMITS.photoMinPixels);

  return (
    <Dialog.Root
      open={src !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-900/50 motion-safe:data-[state=open]:animate-fade-in" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[min(32rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-3xl bg-cream-50 p-5 shadow-soft sm:p-6 motion-safe:data-[state=open]:animate-pop-in"
          onEscapeKeyDown={(event) => {
            if (busy) event.preventDefault();
          }}
        >
          <div>
            <Dialog.Title className="font-display text-2xl font-semibold">{t('crop.title')}</Dialog.Title>
            <Dialog.Description className="mt-1 text-ink-700">{t('crop.description')}</Dialog.Description>
          </div>
          <section
            aria-label={t('crop.area')}
            className="relative aspect-square w-full overflow-hidden rounded-2xl bg-ink-900"
          >
            {src && (
              <Cropper
                image={src}
                crop={crop}
                zoom={zoom}
                aspect={1}
                minZoom={MIN_ZOOM}
                maxZoom={MAX_ZOOM}
                zoomSpeed={0.5}
                showGrid={false}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
                onMediaLoaded={setMedia}
                mediaProps={{ alt: '' }}
              />
            )}
          </section>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={zoomId} className="font-bold">
              {t('crop.zoom')}
            </label>
            <div className="flex items-center gap-3">
              <ZoomOut aria-hidden="true" className="size-5 shrink-0 text-ink-700" />
              <input
                id={zoomId}
                type="range"
                min={MIN_ZOOM}
                max={MAX_ZOOM}
                step={ZOOM_STEP}
                value={zoom}
                onChange={(event) => setZoom(Number(event.target.value))}
                className="h-2 w-full cursor-pointer accent-coral-600"
              />
              <ZoomIn aria-hidden="true" className="size-5 shrink-0 text-ink-700" />
            </div>
          </div>
          {tooSmall && (
            <p id={tooSmallId} className="flex items-start gap-1.5 text-sm font-semibold text-red-700">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {t('crop.tooSmall')}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={busy} onClick={onCancel}>
              {t('crop.cancel')}
            </Button>
            <Button
              disabled={busy || area === null || tooSmall}
              aria-describedby={tooSmall ? tooSmallId : undefined}
              onClick={() => area && onConfirm(area)}
            >
              {busy && <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />}
              {busy ? t('crop.working') : t('crop.confirm')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
