import { Loader2, ZoomIn, ZoomOut } from 'lucide-react';
import { useId, useState } from 'react';
import Cropper, { type Area, type MediaSize } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../shared/constants';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field-notes';

type CropDialogProps = {
  /** The chosen photo (an object URL); the dialog is open while there is one. */
  src: string | null;
  /** True while the square is being encoded and sent. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: (area: Area) => void;
};

const { min: MIN_ZOOM, max: MAX_ZOOM, step: ZOOM_STEP } = LIMITS.cropZoom;

/** The square crop of a chosen photo, with a zoom from 1 to 3 (docs/spec.md section 5, Photos). */
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
    <Dialog
      open={src !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      // While the square is being sent, the dialog stays until the answer.
      dismissible={!busy}
      title={t('crop.title')}
      description={t('crop.description')}
    >
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
      {tooSmall && <FieldError id={tooSmallId}>{t('crop.tooSmall')}</FieldError>}
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
    </Dialog>
  );
}
