import { ImagePlus, Loader2 } from 'lucide-react';
import { type ChangeEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { cn } from '../../../components/ui/cn';
import { FieldError } from '../../../components/ui/field-notes';
import { codeOf } from '../../../lib/api-client';
import { type PhotoKind, useUploadPhoto } from '../api/upload-photo';
import { wizardImageUrl } from '../api/wizard-image-url';
import { checkPhotoFile, isHeicFile } from '../lib/check-photo';
import { cropImage } from '../lib/crop-image';
import { canDecodeImage } from '../lib/decode-photo';
import { CropDialog } from './crop-dialog';

// The face (or toy) check runs at once on upload (issue 36): its refusal shows here, in the field.
const UPLOAD_ERRORS = [
  'IMAGE_INVALID_FORMAT',
  'PAYLOAD_TOO_LARGE',
  'IMAGE_TOO_SMALL',
  'AI_INVALID_IMAGE_NO_PERSON',
  'AI_INVALID_IMAGE_NO_TOY',
] as const;
type UploadErrorKey = (typeof UPLOAD_ERRORS)[number] | 'other';

function uploadErrorKey(error: unknown): UploadErrorKey {
  const code = codeOf(error);
  return UPLOAD_ERRORS.find((known) => known === code) ?? 'other';
}

/**
 * The file input, the crop dialog's picture (an object URL of the chosen file, let go when it is no
 * longer shown) and its closing. The dialog was opened by choosing a file, not by a button, so it
 * has nothing to give focus back to when it closes: the photo field takes it, rather than the page
 * (WCAG 2.4.3).
 */
function useCropDialog() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [cropSrc, setCropSrc] = useState<string | null>(null);
  const [returnFocus, setReturnFocus] = useState(false);
  useEffect(() => {
    if (!returnFocus || cropSrc !== null) return;
    setReturnFocus(false);
    // The input is visually hidden: what must show (above the sticky step bar) is its button.
    inputRef.current?.focus({ preventScroll: true });
    // (jsdom, under the tests, has no scrollIntoView.)
    inputRef.current?.labels?.[0]?.scrollIntoView?.({ block: 'nearest' });
  }, [returnFocus, cropSrc]);

  // The chosen file is read through an object URL: let it go when it is no longer shown.
  useEffect(() => {
    if (!cropSrc) return;
    return () => URL.revokeObjectURL(cropSrc);
  }, [cropSrc]);

  const closeCrop = () => {
    setReturnFocus(true);
    setCropSrc(null);
  };
  return { inputRef, cropSrc, setCropSrc, closeCrop };
}

type PhotoFieldProps = {
  kind: PhotoKind;
  label: string;
  /** A tip for a good photo, under the label. */
  tip: string;
  /** The id of the uploaded photo, if there is one. */
  pictureId: string | undefined;
  onPictureChange: (pictureId: string | undefined) => void;
  /** 'Please add a photo' after a failed Next. */
  error?: string | undefined;
  /** True while the photo is cropped or uploaded: the step cannot be saved yet. */
  onBusyChange?: (busy: boolean) => void;
};

/**
 * A photo of the child or the toy: checked (an image, at most 60 MB), cropped to a square and shrunk
 * to at most 2048 px (the browser applies the photo's EXIF orientation when it draws it), encoded
 * as JPEG and uploaded once; the step then keeps only its id (docs/product.md, Wizard data).
 */
export function PhotoField({
  kind,
  label,
  tip,
  pictureId,
  onPictureChange,
  error,
  onBusyChange,
}: PhotoFieldProps) {
  const { t } = useTranslation('wizard');
  const id = useId();
  const ids = { label: `${id}-label`, hint: `${id}-hint`, error: `${id}-error`, input: `${id}-input` };
  const { inputRef, cropSrc, setCropSrc, closeCrop } = useCropDialog();
  const [cropping, setCropping] = useState(false);
  const [problem, setProblem] = useState<string>();
  const upload = useUploadPhoto();
  const busy = cropping || upload.isPending;

  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);
  useEffect(() => () => onBusyChange?.(false), [onBusyChange]);

  // Busy, the field keeps its focus (so focus can come back to it) but does not open the picker.
  const refuseWhileBusy = (event: MouseEvent<HTMLInputElement>) => {
    if (busy) event.preventDefault();
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    if (busy) return;
    const file = event.target.files?.[0];
    // The same file may be chosen again after a cancel.
    event.target.value = '';
    if (!file) return;
    upload.reset();
    const fileProblem = checkPhotoFile(file);
    if (fileProblem) {
      setProblem(t(`photo.${fileProblem}`));
      return;
    }
    setProblem(undefined);
    const url = URL.createObjectURL(file);
    void canDecodeImage(url).then((readable) => {
      if (readable) {
        setCropSrc(url);
        return;
      }
      URL.revokeObjectURL(url);
      if (isHeicFile(file)) convertOnServer(file);
      else setProblem(t('photo.notImage'));
    });
  };

  // A HEIC photo this browser cannot show: the server reads it, checks it as any photo and keeps it
  // as a JPEG, which the crop dialog then shows; the crop is uploaded as usual.
  const convertOnServer = (file: File) => {
    upload.mutate(
      { kind, photo: file },
      {
        onSuccess: ({ photoId }) => setCropSrc(wizardImageUrl(photoId)),
        onError: (uploadError) => setProblem(t(`photo.errors.${uploadErrorKey(uploadError)}`)),
      },
    );
  };

  const confirmCrop = async (area: Area) => {
    if (!cropSrc) return;
    setCropping(true);
    let photo: Blob;
    try {
      photo = await cropImage(cropSrc, area);
    } catch {
      setCropping(false);
      closeCrop();
      toast.error(t('toasts.cropFailed'));
      return;
    }
    setCropping(false);
    closeCrop();
    upload.mutate(
      { kind, photo },
      {
        onSuccess: ({ photoId }) => onPictureChange(photoId),
        onError: (uploadError) => setProblem(t(`photo.errors.${uploadErrorKey(uploadError)}`)),
      },
    );
  };

  const shownError = problem ?? error;
  const describedBy = [ids.hint, shownError ? ids.error : undefined].filter(Boolean).join(' ');

  return (
    <div className="flex flex-col gap-3">
      <div>
        <p id={ids.label} className="font-bold">
          {label}
        </p>
        <p id={ids.hint} className="mt-1 text-sm text-ink-700">
          {tip} {t('photo.hint')}
        </p>
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <PhotoPreview kind={kind} pictureId={pictureId} uploading={upload.isPending} />
        <div className="flex flex-col items-start gap-2">
          <input
            ref={inputRef}
            id={ids.input}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif"
            aria-labelledby={ids.label}
            aria-describedby={describedBy}
            aria-invalid={shownError ? true : undefined}
            aria-disabled={busy ? true : undefined}
            onClick={refuseWhileBusy}
            onChange={choose}
            className="peer sr-only"
          />
          <label
            htmlFor={ids.input}
            className={cn(
              'inline-flex h-11 cursor-pointer items-center gap-2 rounded-full border-2 border-ink-900/15 bg-cream-50 px-5 font-bold text-ink-900 transition-colors select-none hover:border-ink-900/30 hover:bg-white',
              'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-3 peer-focus-visible:outline-ink-900',
              busy && 'pointer-events-none opacity-50',
            )}
          >
            <ImagePlus aria-hidden="true" className="size-5" />
            {pictureId ? t('photo.change') : t('photo.choose')}
          </label>
          {upload.isPending && (
            <p role="status" className="text-sm font-semibold text-ink-700">
              {t('photo.uploading')}
            </p>
          )}
          {shownError && <FieldError id={ids.error}>{shownError}</FieldError>}
        </div>
      </div>
      <CropDialog
        key={cropSrc ?? 'closed'}
        src={cropSrc}
        busy={cropping}
        onCancel={closeCrop}
        onConfirm={(area) => void confirmCrop(area)}
      />
    </div>
  );
}

/** The photo as uploaded (a square), a spinner while it uploads, or an empty frame. */
function PhotoPreview({
  kind,
  pictureId,
  uploading,
}: {
  kind: PhotoKind;
  pictureId: string | undefined;
  uploading: boolean;
}) {
  const { t } = useTranslation('wizard');
  return (
    <div
      className={cn(
        'flex size-36 shrink-0 items-center justify-center overflow-hidden rounded-2xl border-2 bg-cream-200',
        pictureId ? 'border-transparent' : 'border-dashed border-ink-900/20',
      )}
    >
      {uploading ? (
        <Loader2 aria-hidden="true" className="size-8 text-coral-600 motion-safe:animate-spin" />
      ) : pictureId ? (
        <img
          src={wizardImageUrl(pictureId)}
          alt={t(`photo.previewAlt.${kind}`)}
          width={144}
          height={144}
          className="size-full object-cover"
        />
      ) : (
        <ImagePlus aria-hidden="true" className="size-10 text-ink-700/60" />
      )}
    </div>
  );
}
