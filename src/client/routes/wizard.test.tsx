import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, useLocation } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChildStepSchema } from '../../shared/contracts/wizard';
import type { Language } from '../../shared/i18n';
import { sessionFor } from '../components/auth/mock-auth-api';
import { cropImage } from '../features/wizard/lib/crop-image';
import {
  CHILD,
  COVER,
  deferred,
  fails,
  mockWizardApi,
  ok,
  TOY,
  TOY_COVER,
} from '../features/wizard/testing/mock-wizard-api';
import { renderWithRouter } from '../test-utils';

// jsdom has no canvas and lays nothing out: the crop is stood in for (its own module), and the
// cropper reports a full 800 x 800 square at once.
vi.mock('../features/wizard/lib/crop-image', () => ({
  cropImage: vi.fn(async () => new Blob(['jpeg'], { type: 'image/jpeg' })),
}));
// jsdom decodes no picture: a file is readable unless the test says otherwise.
const decoding = vi.hoisted(() => ({ readable: true }));
vi.mock('../features/wizard/lib/decode-photo', () => ({
  canDecodeImage: vi.fn(async () => decoding.readable),
}));
vi.mock('react-easy-crop', async () => {
  const { createElement, useEffect } = await import('react');
  type Props = {
    onMediaLoaded?: (size: object) => void;
    onCropComplete?: (area: object, pixels: object) => void;
  };
  function FakeCropper({ onMediaLoaded, onCropComplete }: Props) {
    // Once, as the real one does when the photo has loaded.
    useEffect(() => {
      onMediaLoaded?.({ width: 800, height: 800, naturalWidth: 800, naturalHeight: 800 });
      onCropComplete?.({ x: 0, y: 0, width: 100, height: 100 }, { x: 0, y: 0, width: 800, height: 800 });
    }, []);
    return createElement('div', { 'data-testid': 'cropper' });
  }
  return { default: FakeCropper };
});

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:chosen-photo');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  decoding.readable = true;
  vi.useRealTimers();
  // One test's toasts must not crowd out the next one's (sonner shows a few at a time).
  toast.dismiss();
});

function Elsewhere() {
  const location = useLocation();
  return <p>Elsewhere: {location.pathname}</p>;
}

async function openWizard(path = '/wizard?theme=guardian-friend&type=storybook', language?: Language) {
  const router = createMemoryRouter(
    [
      { path: '/wizard', lazy: () => import('./wizard'), HydrateFallback: () => null },
      { path: '*', Component: Elsewhere },
    ],
    { initialEntries: [path] },
  );
  const view = renderWithRouter(router, language ? { language } : {});
  // The first test also loads the page's code: give it time on a busy machine.
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return view;
}

const stepParam = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search).get('step');

const photoFile = () => new File(['photo'], 'mia.jpg', { type: 'image/jpeg' });

describe('wizard: step 1, the child', () => {
  it('says what is missing when Next is pressed on an empty form, and sends nothing', async () => {
    const api = mockWizardApi();
    const { user } = await openWizard();
    expect(screen.getByRole('heading', { level: 1, name: 'Tell us about your little hero' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: /^Next/ }));

    expect(
      await screen.findByText('Please fill in all required fields and check the consent box to proceed.'),
    ).toBeVisible();
    // Said once: the summary and the fields' messages, no toast repeating them (issue 20).
    expect(screen.queryByText('Please complete all fields')).toBeNull();
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    const name = screen.getByLabelText('Your child’s first name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please enter your child’s first name.');
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription('Please tick this box to continue.');
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('refuses a file that is not an image, and one over 60 MB, before any upload', async () => {
    const api = mockWizardApi();
    await openWizard();
    const input = screen.getByLabelText('Photo of your child');

    fireEvent.change(input, {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(input).toHaveAccessibleDescription(/Please upload an image file \(JPG, PNG, WebP or HEIC\)\.$/);

    const big = photoFile();
    Object.defineProperty(big, 'size', { value: 60 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(input).toHaveAccessibleDescription(
      /This file is larger than 60 MB\. Please choose a smaller photo\.$/,
    );

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('/api/wizard/photos')).toHaveLength(0);
    expect(
      screen.getByText(/JPG, PNG, WebP or HEIC, at least 300 × 300 px\. A large photo is made smaller/),
    ).toBeVisible();
  });

  it('says at once that a file the browser cannot read is no image (a text file named .jpg, HEIC), with no crop dialog', async () => {
    const api = mockWizardApi();
    await openWizard();
    decoding.readable = false;
    const input = screen.getByLabelText('Photo of your child');
    fireEvent.change(input, {
      target: { files: [new File(['hello'], 'holiday.jpg', { type: 'image/jpeg' })] },
    });
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(/Please upload an image file \(JPG, PNG, WebP or HEIC\)\.$/),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('/api/wizard/photos')).toHaveLength(0);
  });

  it('sends an iPhone photo this browser cannot show to the server and crops the JPEG it makes of it', async () => {
    const api = mockWizardApi();
    await openWizard();
    decoding.readable = false;
    const input = screen.getByLabelText('Photo of your child');
    fireEvent.change(input, { target: { files: [new File(['heic bytes'], 'IMG_0042.HEIC', { type: '' })] } });
    const dialog = await screen.findByRole('dialog', { name: 'Crop the photo' });
    const [whole] = api.callsTo('/api/wizard/photos');
    expect((whole?.body as FormData | undefined)?.get('photo')).toBeInstanceOf(Blob);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this photo' }));
    await waitFor(() => expect(api.callsTo('/api/wizard/photos')).toHaveLength(2));
    // The crop is made from the server's JPEG of the whole photo (the first upload's id).
    expect(vi.mocked(cropImage)).toHaveBeenCalledWith(
      '/api/wizard/images/00000000-0000-4000-8000-000000000001',
      expect.objectContaining({ width: 800, height: 800 }),
    );
    expect(input).not.toHaveAccessibleDescription(/Please upload an image file/);
  });

  it('says the stories are for 2 to 8, tells the parent of a child of 9 or 10, and refuses an age no book is for', async () => {
    const api = mockWizardApi();
    const { user } = await openWizard();
    const age = screen.getByLabelText('Age');
    expect(age).toHaveAccessibleDescription('Our stories are written for children aged 2 to 8.');
    await user.type(age, '10');
    expect(age).toHaveAccessibleDescription(
      'Our stories are written for children aged 2 to 8. A book for an older child works too: it reads as a gentle bedtime story.',
    );
    expect(age).toHaveAttribute('max', '10');
    expect(age).toHaveAttribute('min', '2');
    for (const refused of ['11', '1']) {
      await user.clear(age);
      await user.type(age, refused);
      await user.click(screen.getByRole('button', { name: /^Next/ }));
      await waitFor(() =>
        expect(age).toHaveAccessibleDescription(
          'Our stories are written for children aged 2 to 8. Please enter an age from 2 to 10.',
        ),
      );
    }
    expect(api.callsTo('/api/wizard/session/steps/1', 'PUT')).toHaveLength(0);
  });

  it('says the ages in French', async () => {
    mockWizardApi();
    const { user } = await openWizard(undefined, 'fr');
    const age = screen.getByLabelText('Âge');
    expect(age).toHaveAccessibleDescription('Nos histoires sont écrites pour les enfants de 2 à 8 ans.');
    await user.type(age, '12');
    await user.click(screen.getByRole('button', { name: /^Suivant/ }));
    await waitFor(() =>
      expect(age).toHaveAccessibleDescription(
        'Nos histoires sont écrites pour les enfants de 2 à 8 ans. Veuillez indiquer un âge de 2 à 10 ans.',
      ),
    );
  });

  it('says at once in the photo field that a photo has no person, and clears it when the next photo replaces it', async () => {
    let uploads = 0;
    mockWizardApi({
      routes: {
        'POST /api/wizard/photos': () =>
          ++uploads === 1
            ? fails(422, 'AI_INVALID_IMAGE_NO_PERSON')
            : ok({ photoId: '77777777-7777-4777-8777-777777777777', width: 800, height: 800 }),
      },
    });
    const { user } = await openWizard();
    const input = screen.getByLabelText('Photo of your child');
    const choose = async () => {
      fireEvent.change(input, { target: { files: [photoFile()] } });
      const dialog = await screen.findByRole('dialog', { name: 'Crop the photo' });
      await user.click(within(dialog).getByRole('button', { name: 'Use this photo' }));
    };
    const message = 'No person detected in this photo. Please choose a clear photo of your child’s face.';

    await choose();
    expect(await screen.findByText(message)).toBeVisible();
    expect(input).toHaveAccessibleDescription(new RegExp(`${message}$`));
    expect(screen.queryByRole('img', { name: 'The photo of your child, cropped to a square' })).toBeNull();

    await choose();
    expect(
      await screen.findByRole('img', { name: 'The photo of your child, cropped to a square' }),
    ).toBeVisible();
    expect(screen.queryByText(message)).toBeNull();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('crops and uploads the photo, saves step 1 and shows the cover being made', async () => {
    const cover = deferred();
    const photo = deferred();
    const api = mockWizardApi({
      routes: { 'POST /api/wizard/covers': cover.handler, 'POST /api/wizard/photos': photo.handler },
    });
    const { user, router } = await openWizard();

    await user.type(screen.getByLabelText('Your child’s first name'), ' Mia ');
    await user.click(screen.getByRole('radio', { name: 'Girl' }));
    await user.type(screen.getByLabelText('Age'), '4');
    fireEvent.change(screen.getByLabelText('Photo of your child'), { target: { files: [photoFile()] } });

    const dialog = await screen.findByRole('dialog', { name: 'Crop the photo' });
    const zoom = within(dialog).getByRole('slider', { name: 'Zoom' });
    expect(zoom).toHaveAttribute('min', '1');
    expect(zoom).toHaveAttribute('max', '3');
    expect(zoom).toHaveAttribute('step', '0.1');
    await user.click(within(dialog).getByRole('button', { name: 'Use this photo' }));
    // While the photo travels, Next waits for it; focus is back on the photo field, not lost.
    expect(await screen.findByRole('button', { name: 'Uploading your photo…' })).toBeDisabled();
    await waitFor(() => expect(screen.getByLabelText('Photo of your child')).toHaveFocus());
    photo.release(ok({ photoId: '77777777-7777-4777-8777-777777777777', width: 800, height: 800 }));

    const preview = await screen.findByRole('img', { name: 'The photo of your child, cropped to a square' });
    const [upload] = api.callsTo('/api/wizard/photos');
    expect(upload?.query.get('kind')).toBe('child');
    expect((upload?.body as FormData | undefined)?.get('photo')).toBeInstanceOf(Blob);
    expect(preview).toHaveAttribute('src', '/api/wizard/images/77777777-7777-4777-8777-777777777777');

    await user.click(screen.getByRole('checkbox', { name: /I confirm that I am authorised/ }));
    await user.click(screen.getByRole('button', { name: /^Next/ }));

    expect(await screen.findByText('We are painting Mia as the hero of the story…')).toBeVisible();
    // Focus moves to the new step's heading once it is drawn (a moment later on a busy machine).
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Your hero’s cover' })).toHaveFocus(),
    );
    const [saved] = api.callsTo('/api/wizard/session/steps/1', 'PUT');
    expect(saved?.body).toEqual({
      name: 'Mia',
      gender: 'female',
      age: 4,
      picture: '77777777-7777-4777-8777-777777777777',
      consent: true,
    });
    expect(ChildStepSchema.safeParse(saved?.body).success).toBe(true);
    expect(api.callsTo('/api/wizard/covers')[0]?.body).toEqual({ kind: 'hero', language: 'en' });
    expect(stepParam(router)).toBe('2');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
    expect(screen.getByText('Step 2 of 5')).toBeVisible();
    cover.release(ok({ imageId: '55555555-5555-4555-8555-555555555555' }));
    expect(await screen.findByRole('img', { name: 'The book’s cover, with Mia as the hero' })).toBeVisible();
  });
});

describe('wizard: the generated covers', () => {
  it('Approve saves step 2 with the cover and moves on to the toy', async () => {
    const api = mockWizardApi({
      steps: { 1: CHILD },
      routes: { 'POST /api/wizard/covers': ok({ imageId: '55555555-5555-4555-8555-555555555555' }) },
    });
    const { user } = await openWizard('/wizard?theme=guardian-friend&type=storybook&step=2');
    const cover = await screen.findByRole('img', { name: 'The book’s cover, with Mia as the hero' });
    expect(cover).toHaveAttribute('src', '/api/wizard/images/55555555-5555-4555-8555-555555555555');

    await user.click(screen.getByRole('button', { name: 'Approve this cover' }));

    const toyHeading = await screen.findByRole('heading', { level: 1, name: 'Now, the cuddly toy' });
    // The step's heading takes the focus once it has painted (useUrlStep), after it appears.
    await waitFor(() => expect(toyHeading).toHaveFocus());
    expect(api.callsTo('/api/wizard/session/steps/2', 'PUT')[0]?.body).toEqual({
      approved: true,
      generatedCover: '55555555-5555-4555-8555-555555555555',
    });
  });

  it('shows a cover already made instead of making another; "Make a new one" makes another here, and the first can be chosen again and approved', async () => {
    const second = 'c0000000-0000-4000-8000-0000000000c2';
    const api = mockWizardApi({
      steps: { 1: CHILD, 2: COVER },
      routes: {
        'POST /api/wizard/covers': () =>
          ok({
            imageId: second,
            variant: 1,
            versions: [
              { imageId: COVER.generatedCover, variant: 0 },
              { imageId: second, variant: 1 },
            ],
          }),
      },
    });
    const { user, router } = await openWizard('/wizard?step=2');
    const cover = await screen.findByRole('img', { name: 'The book’s cover, with Mia as the hero' });
    expect(cover).toHaveAttribute('src', `/api/wizard/images/${COVER.generatedCover}`);
    expect(api.callsTo('/api/wizard/covers')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Make a new one' }));
    await waitFor(() => expect(api.callsTo('/api/wizard/covers')).toHaveLength(1));
    // Still step 2, now with the new cover, and both to choose from.
    expect(
      await screen.findByRole('img', { name: 'The book’s cover, with Mia as the hero' }),
    ).toHaveAttribute('src', `/api/wizard/images/${second}`);
    expect(stepParam(router)).toBe('2');
    const versions = screen.getByRole('group', { name: 'Your covers' });
    expect(within(versions).getByRole('radio', { name: 'Cover 2 with Mia' })).toBeChecked();

    // Back to the first cover: shown, kept on the server, and the one the step bar approves.
    await user.click(within(versions).getByRole('radio', { name: 'Cover 1 with Mia' }));
    expect(screen.getByRole('img', { name: 'The book’s cover, with Mia as the hero' })).toHaveAttribute(
      'src',
      `/api/wizard/images/${COVER.generatedCover}`,
    );
    await waitFor(() =>
      expect(api.callsTo('/api/wizard/session/steps/2', 'PUT')[0]?.body).toEqual({
        approved: false,
        generatedCover: COVER.generatedCover,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Approve this cover' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Now, the cuddly toy' })).toBeVisible();
    expect(api.callsTo('/api/wizard/session/steps/2', 'PUT')[1]?.body).toEqual({
      approved: true,
      generatedCover: COVER.generatedCover,
    });
  });

  it('after a reload, a cover made but not yet approved is shown to approve, not made again', async () => {
    const api = mockWizardApi({ steps: { 1: CHILD, 2: { ...COVER, approved: false } } });
    const { user } = await openWizard('/wizard?step=2');
    expect(
      await screen.findByRole('img', { name: 'The book’s cover, with Mia as the hero' }),
    ).toHaveAttribute('src', `/api/wizard/images/${COVER.generatedCover}`);
    expect(api.callsTo('/api/wizard/covers')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Approve this cover' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Now, the cuddly toy' })).toBeVisible();
    expect(api.callsTo('/api/wizard/session/steps/2', 'PUT')[0]?.body).toEqual({ ...COVER, approved: true });
  });

  it('no person in the photo: its own message, a toast, and a way to upload a different photo', async () => {
    mockWizardApi({
      steps: { 1: CHILD },
      routes: { 'POST /api/wizard/covers': fails(422, 'AI_INVALID_IMAGE_NO_PERSON') },
    });
    const { user } = await openWizard('/wizard?step=2');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No person detected in the photo.');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(await screen.findByText('No person detected in the photo')).toBeVisible();

    await user.click(within(alert).getByRole('button', { name: 'Upload a different photo' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tell us about your little hero' }),
    ).toBeVisible();
    expect(screen.getByText('Choose a photo')).toBeVisible();
  });

  it('no plush toy on the toy cover goes back to the toy step', async () => {
    mockWizardApi({
      steps: { 1: CHILD, 2: COVER, 3: TOY },
      routes: { 'POST /api/wizard/covers': fails(422, 'AI_INVALID_IMAGE_NO_TOY') },
    });
    const { user } = await openWizard('/wizard?step=4');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No plush toy detected in the photo.');
    expect(await screen.findByText('No plush toy detected in the photo')).toBeVisible();
    await user.click(within(alert).getByRole('button', { name: 'Upload a different photo' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Now, the cuddly toy' })).toBeVisible();
  });

  it('a missing AI key: contact support, service unavailable, no Try again', async () => {
    mockWizardApi({
      steps: { 1: CHILD },
      routes: { 'POST /api/wizard/covers': fails(503, 'AI_API_KEY_MISSING') },
    });
    await openWizard('/wizard?step=2');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service is temporarily unavailable.');
    expect(alert).toHaveTextContent(/technical difficulties/);
    expect(within(alert).getAllByRole('link', { name: 'hello@cuddletales.ch' })[0]).toHaveAttribute(
      'href',
      'mailto:hello@cuddletales.ch',
    );
    expect(within(alert).getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      'mailto:hello@cuddletales.ch',
    );
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(await screen.findByText('Cover generation failed')).toBeVisible();
  });

  it('an unknown error code offers Try again, which asks again', async () => {
    let attempts = 0;
    const api = mockWizardApi({
      steps: { 1: CHILD },
      routes: {
        'POST /api/wizard/covers': () => {
          attempts += 1;
          return attempts === 1
            ? fails(500, 'SOMETHING_NEW')
            : ok({ imageId: '66666666-6666-4666-8666-666666666666' });
        },
      },
    });
    const { user } = await openWizard('/wizard?step=2');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Image generation failed. Please try again in a moment.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: 'The book’s cover, with Mia as the hero' })).toBeVisible();
    expect(api.callsTo('/api/wizard/covers')).toHaveLength(2);
  });

  it('a job in a wrong state offers Start over, which goes back to step 1', async () => {
    mockWizardApi({
      steps: { 1: CHILD },
      routes: { 'POST /api/wizard/covers': fails(409, 'JOB_INVALID_STATE') },
    });
    const { user } = await openWizard('/wizard?step=2');
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Start over' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tell us about your little hero' }),
    ).toBeVisible();
  });
});

describe('wizard: moving between steps', () => {
  it('Previous goes from step 3 back to step 1, and is disabled there', async () => {
    mockWizardApi({ steps: { 1: CHILD, 2: COVER } });
    const { user, router } = await openWizard('/wizard?step=3');
    expect(screen.getByRole('heading', { level: 1, name: 'Now, the cuddly toy' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    const childHeading = await screen.findByRole('heading', {
      level: 1,
      name: 'Tell us about your little hero',
    });
    await waitFor(() => expect(childHeading).toHaveFocus());
    expect(stepParam(router)).toBe('1');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('keeps what was typed but not saved while the parent moves to another step and back', async () => {
    const api = mockWizardApi({ steps: { 1: CHILD, 2: COVER, 3: TOY, 4: TOY_COVER } });
    const { user, router } = await openWizard('/wizard?step=3');
    const toyName = screen.getByLabelText('The cuddly toy’s name');
    await user.clear(toyName);
    await user.type(toyName, 'Bunny');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    const childName = await screen.findByLabelText('Your child’s first name');
    await user.clear(childName);
    await user.type(childName, 'Noa');
    // The browser's Back and Forward move between the steps without saving them.
    await act(() => router.navigate(-1));
    expect(await screen.findByLabelText('The cuddly toy’s name')).toHaveValue('Bunny');
    await act(() => router.navigate(1));
    expect(await screen.findByLabelText('Your child’s first name')).toHaveValue('Noa');
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('Previous goes from step 5 back to step 3', async () => {
    mockWizardApi({ steps: { 1: CHILD, 2: COVER, 3: TOY, 4: TOY_COVER } });
    const { user } = await openWizard('/wizard?step=5');
    expect(screen.getByRole('heading', { level: 1, name: 'A few words from the heart' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Now, the cuddly toy' })).toBeVisible();
    expect(screen.getByLabelText('The cuddly toy’s name')).toHaveValue('Teddy');
  });

  it('does not open a step whose earlier steps are missing', async () => {
    mockWizardApi({ steps: { 1: CHILD } });
    const { router } = await openWizard('/wizard?step=5');
    expect(screen.getByRole('heading', { level: 1, name: 'Your hero’s cover' })).toBeVisible();
    await waitFor(() => expect(stepParam(router)).toBe('2'));
  });

  it('speaks of the child as a girl or a boy where French and Italian must (issue 36)', async () => {
    mockWizardApi({ steps: { 1: CHILD, 2: COVER, 3: TOY } });
    await openWizard('/wizard?step=2', 'fr');
    expect(screen.getByRole('heading', { level: 1, name: 'La couverture de votre héroïne' })).toBeVisible();
    expect(screen.getByText(/^Nous peignons votre enfant en héroïne de l’histoire/)).toBeVisible();
    cleanup();
    mockWizardApi({ steps: { 1: { ...CHILD, name: 'Luca', gender: 'male' }, 2: COVER, 3: TOY } });
    await openWizard('/wizard?step=3', 'it');
    expect(screen.getByText(/veglia sul tuo bambino per tutta la storia\.$/)).toBeVisible();
    cleanup();
    mockWizardApi({ steps: { 1: CHILD, 2: COVER, 3: TOY } });
    await openWizard('/wizard?step=3', 'it');
    expect(screen.getByText(/veglia sulla tua bambina per tutta la storia\.$/)).toBeVisible();
  });

  it('restores progress at step 4 with a welcome back notice, replacing the address', async () => {
    const api = mockWizardApi({ steps: { 1: CHILD, 2: COVER, 3: TOY }, restored: true });
    const { router } = await openWizard('/wizard?theme=guardian-friend&type=storybook');
    expect(screen.getByRole('heading', { level: 1, name: 'The cuddly toy’s cover' })).toBeVisible();
    // The welcome back is said once, by the banner (no toast beside it, issue 20).
    expect(screen.getAllByText(/^Welcome back!/)).toHaveLength(1);
    expect(screen.getByText(/We kept your progress/)).toBeVisible();
    await waitFor(() => expect(stepParam(router)).toBe('4'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.callsTo('/api/wizard/session')[0]?.body).toEqual({
      themeId: 'guardian-friend',
      bookType: 'storybook',
    });
    expect(await screen.findByRole('img', { name: 'The cover with Teddy, the cuddly toy' })).toBeVisible();
    expect(api.callsTo('/api/wizard/covers')[0]?.body).toEqual({ kind: 'toy', language: 'en' });
  });

  it('reads the colouring spelling and the default theme', async () => {
    const api = mockWizardApi();
    await openWizard('/wizard?type=colouring');
    expect(api.callsTo('/api/wizard/session')[0]?.body).toEqual({
      themeId: 'guardian-friend',
      bookType: 'coloring',
    });
  });

  it('says so when progress cannot be restored, and tries again', async () => {
    let attempts = 0;
    mockWizardApi({
      routes: {
        'POST /api/wizard/session': () => {
          attempts += 1;
          return attempts === 1 ? fails(500, 'DB_QUERY_FAILED') : ok(undefined);
        },
      },
    });
    const { user } = await openWizard();
    expect(await screen.findByText('We could not restore your progress. Please try again.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Your book could not be opened' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(attempts).toBe(2));
  });
});

describe('wizard: step 5, the dedication', () => {
  const allSteps = { 1: CHILD, 2: COVER, 3: TOY, 4: TOY_COVER };

  it('starts from a template with both names and counts the characters', async () => {
    mockWizardApi({ steps: allSteps });
    const { user } = await openWizard('/wizard?step=5');
    const message = screen.getByLabelText('Dedication message');
    const template = 'To Mia, may Teddy watch over your dreams every night. With all our love.';
    expect(message).toHaveValue(template);
    expect(screen.getByText(`${template.length} / 300`)).toBeVisible();

    await user.clear(message);
    await user.type(message, 'Sweet dreams');
    expect(screen.getByText('12 / 300')).toBeVisible();
    expect(message).toHaveAccessibleDescription('12 / 300');
  });

  it('stops at 300 characters and says so', async () => {
    mockWizardApi({ steps: allSteps });
    const { user } = await openWizard('/wizard?step=5');
    const message = screen.getByLabelText('Dedication message');
    await user.clear(message);
    await user.click(message);
    await user.paste('a'.repeat(310));
    expect(message).toHaveValue('a'.repeat(300));
    expect(screen.getByText('300 / 300')).toBeVisible();
    expect(screen.getByText('You’ve reached the 300-character limit')).toBeVisible();
  });

  it('refuses emojis and an empty message: Save is disabled', async () => {
    mockWizardApi({ steps: allSteps });
    const { user } = await openWizard('/wizard?step=5');
    const message = screen.getByLabelText('Dedication message');
    const save = screen.getByRole('button', { name: 'Save the dedication' });
    await user.type(screen.getByLabelText('Signed'), 'Mum');
    expect(save).toBeEnabled();

    await user.type(message, ' 🧸');
    expect(screen.getByText('Emojis aren’t supported. Please remove them.')).toBeVisible();
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();

    await user.clear(message);
    expect(save).toBeDisabled();
  });

  it('keeps the signature on one line and hides the ideas once the field is focused', async () => {
    const api = mockWizardApi({ steps: allSteps });
    const { user } = await openWizard('/wizard?step=5');
    expect(screen.getByRole('button', { name: 'Mum and Dad' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Your godmother' })).toBeVisible();

    const signature = screen.getByLabelText('Signed');
    await user.click(signature);
    expect(screen.queryByRole('button', { name: 'Mum and Dad' })).not.toBeInTheDocument();
    await user.type(signature, 'Grandma   and  Grandpa');
    expect(signature).toHaveValue('Grandma and Grandpa');

    await user.click(screen.getByRole('button', { name: 'Save the dedication' }));
    expect(await screen.findByText('Your dedication is saved.')).toBeVisible();
    expect(api.callsTo('/api/wizard/session/steps/5', 'PUT')[0]?.body).toEqual({
      dedicationMessage: 'To Mia, may Teddy watch over your dreams every night. With all our love.',
      dedicationSignature: 'Grandma and Grandpa',
      secondLanguage: null,
    });
  });

  it('a suggestion fills the signature', async () => {
    mockWizardApi({ steps: allSteps });
    const { user } = await openWizard('/wizard?step=5');
    await user.click(screen.getByRole('button', { name: 'Grandma' }));
    expect(screen.getByLabelText('Signed')).toHaveValue('Grandma');
    expect(screen.getByLabelText('Signed')).toHaveFocus();
  });
});

describe('wizard: completing', () => {
  const allSteps = { 1: CHILD, 2: COVER, 3: TOY, 4: TOY_COVER };

  it('a visitor is asked to sign in, then the book completes on its own', async () => {
    // Signing in here: the server links the wizard to the account, and the page carries on.
    const api: ReturnType<typeof mockWizardApi> = mockWizardApi({
      steps: allSteps,
      routes: {
        'POST /api/auth/sign-in/email': () => {
          api.signIn('ana@example.com');
          return ok({ redirect: false });
        },
      },
    });
    const { user } = await openWizard('/wizard?step=5');
    await user.click(screen.getByRole('button', { name: 'Complete personalization' }));

    const signInHeading = await screen.findByRole('heading', {
      level: 1,
      name: 'Almost there! Sign in to complete your book',
    });
    await waitFor(() => expect(signInHeading).toHaveFocus());
    expect(api.callsTo('/api/wizard/session/steps/5', 'PUT')).toHaveLength(1);
    expect(api.callsTo('/api/wizard/complete')).toHaveLength(0);
    expect(screen.getByRole('tab', { name: 'Sign up' })).toBeVisible();

    await user.type(screen.getByLabelText('E-mail address'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'bedtime-42');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Elsewhere: /book/b0000000-0000-4000-8000-000000000001')).toBeVisible();
    expect(api.callsTo('/api/auth/sign-in/email')[0]?.body).toMatchObject({ email: 'ana@example.com' });
    expect(api.callsTo('/api/wizard/complete')).toHaveLength(1);
  });

  it('signed in, with the session read answering while the dedication is saved: the book completes', async () => {
    // Back from the confirmation link, the parent presses the button before the first read answers,
    // and the read answers before the dedication is saved.
    const session = deferred();
    const saved = deferred();
    const api = mockWizardApi({
      steps: allSteps,
      signedInAs: 'ana@example.com',
      routes: {
        'GET /api/auth/get-session': session.handler,
        'PUT /api/wizard/session/steps/5': saved.handler,
      },
    });
    const { user } = await openWizard('/wizard?step=5');
    await user.click(screen.getByRole('button', { name: 'Complete personalization' }));
    await waitFor(() => expect(api.callsTo('/api/wizard/session/steps/5', 'PUT')).toHaveLength(1));
    session.release(ok(sessionFor('ana@example.com')));
    await screen.findByRole('button', { name: /ana@example\.com/ });
    const dedication = api.callsTo('/api/wizard/session/steps/5', 'PUT')[0]?.body;
    saved.release(
      ok({
        themeId: 'guardian-friend',
        bookType: 'storybook',
        steps: { ...allSteps, 5: dedication },
        resumeStep: 5,
        restored: false,
        signedIn: true,
      }),
    );

    expect(await screen.findByText('Elsewhere: /book/b0000000-0000-4000-8000-000000000001')).toBeVisible();
    expect(api.callsTo('/api/wizard/complete')).toHaveLength(1);
  });

  it('says so when the books drawn today have reached their limit', async () => {
    mockWizardApi({
      steps: allSteps,
      signedInAs: 'ana@example.com',
      routes: { 'POST /api/wizard/complete': fails(429, 'PREVIEW_LIMIT_REACHED') },
    });
    const { user } = await openWizard('/wizard?step=5');
    await screen.findByRole('button', { name: /ana@example\.com/ });
    await user.click(screen.getByRole('button', { name: 'Complete personalization' }));
    expect(await screen.findByText(/please come back tomorrow to make another one/)).toBeVisible();
    expect(screen.queryByText(/^Elsewhere/)).not.toBeInTheDocument();
  });

  it('the back button leaves the sign-in screen for the dedication', async () => {
    mockWizardApi({ steps: allSteps });
    const { user } = await openWizard('/wizard?step=5');
    await user.click(screen.getByRole('button', { name: 'Complete personalization' }));
    await user.click(await screen.findByRole('button', { name: 'Back to the wizard' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'A few words from the heart' }),
    ).toBeVisible();
  });

  it('signed in: a second language chosen in step 5 (a native select) is saved with the step before the book completes', async () => {
    const api = mockWizardApi({ steps: allSteps, signedInAs: 'ana@example.com' });
    const { user } = await openWizard('/wizard?step=5');
    await screen.findByRole('button', { name: /ana@example\.com/ });
    const second = await screen.findByRole(
      'combobox',
      { name: 'Second language (optional)' },
      { timeout: 5000 },
    );
    expect(screen.getByText('The book’s language: English, the language this site is in')).toBeVisible();
    expect(second).toHaveValue('none');
    expect(second).toHaveAccessibleDescription(/tells the story in this language, under the first/);
    // The other three languages, never the book's own.
    expect(
      within(second)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None', 'French', 'German', 'Italian']);
    await user.selectOptions(second, 'de');
    await user.click(screen.getByRole('button', { name: 'Complete personalization' }));
    expect(await screen.findByText('Elsewhere: /book/b0000000-0000-4000-8000-000000000001')).toBeVisible();
    expect(api.callsTo('/api/wizard/session/steps/5')[0]?.body).toMatchObject({ secondLanguage: 'de' });
  });

  it('restores a saved second language', async () => {
    const saved = { dedicationMessage: 'For Mia', dedicationSignature: 'Mum', secondLanguage: 'fr' as const };
    mockWizardApi({ steps: { ...allSteps, 5: saved } });
    await openWizard('/wizard?step=5');
    expect(
      await screen.findByRole('combobox', { name: 'Second language (optional)' }, { timeout: 5000 }),
    ).toHaveValue('fr');
  });

  it('in French, the book is French and the second language one of the other three', async () => {
    const saved = {
      dedicationMessage: 'Pour Mia',
      dedicationSignature: 'Maman',
      secondLanguage: 'fr' as const,
    };
    mockWizardApi({ steps: { ...allSteps, 5: saved } });
    await openWizard('/wizard?step=5', 'fr');
    const second = await screen.findByRole(
      'combobox',
      { name: 'Deuxième langue (facultatif)' },
      { timeout: 5000 },
    );
    expect(second).toHaveValue('none');
    expect(
      within(second)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Aucune', 'Anglais', 'Allemand', 'Italien']);
  });

  it('signed in: saves the dedication, completes and opens the book being drawn', async () => {
    const api = mockWizardApi({ steps: allSteps, signedInAs: 'ana@example.com' });
    const { user } = await openWizard('/wizard?step=5');
    await screen.findByRole('button', { name: /ana@example\.com/ });
    await user.click(screen.getByRole('button', { name: 'Complete personalization' }));

    expect(await screen.findByText('Elsewhere: /book/b0000000-0000-4000-8000-000000000001')).toBeVisible();
    const order = api.calls
      .filter((call) => call.method !== 'GET')
      .map((call) => `${call.method} ${call.path}`);
    expect(order.slice(-2)).toEqual(['PUT /api/wizard/session/steps/5', 'POST /api/wizard/complete']);
    expect(api.callsTo('/api/wizard/complete')[0]?.body).toEqual({ language: 'en' });
  });

  it('back from the sign-up confirmation link (signed in by it): finishes the book at once and opens it', async () => {
    const dedication = { dedicationMessage: 'For Mia, with love.', dedicationSignature: 'Mum' };
    const api = mockWizardApi({ steps: { ...allSteps, 5: dedication }, signedInAs: 'ana@example.com' });
    await openWizard('/wizard?theme=guardian-friend&type=storybook&step=5&finish=1');
    expect(await screen.findByText('Elsewhere: /book/b0000000-0000-4000-8000-000000000001')).toBeVisible();
    expect(api.callsTo('/api/wizard/complete')).toHaveLength(1);
    // The dedication was saved before the sign-up: nothing is saved again.
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('a visitor’s sign-up asks the confirmation link to come back to the wizard and finish', async () => {
    const api = mockWizardApi({ steps: allSteps });
    const { user } = await openWizard('/wizard?theme=guardian-friend&type=storybook&step=5');
    await user.click(screen.getByRole('button', { name: 'Complete personalization' }));
    await screen.findByRole('heading', { name: 'Almost there! Sign in to complete your book' });
    await user.click(screen.getByRole('tab', { name: 'Sign up' }));
    expect(
      screen.getByText(/open the link we e-mail you: it signs you in, brings you straight back here/),
    ).toBeVisible();
    await user.type(screen.getByLabelText('E-mail address'), 'new.parent@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'moonlit-teddy-42');
    await user.type(screen.getByLabelText('Confirm password'), 'moonlit-teddy-42');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(api.callsTo('/api/auth/sign-up/email')).toHaveLength(1));
    expect(api.callsTo('/api/auth/sign-up/email')[0]?.body).toMatchObject({
      email: 'new.parent@example.com',
      callbackURL: '/wizard?theme=guardian-friend&type=storybook&step=5&finish=1',
    });
  });

  it("says 'failed to prepare data' when completing fails, and keeps everything", async () => {
    const api = mockWizardApi({
      steps: allSteps,
      signedInAs: 'ana@example.com',
      routes: { 'POST /api/wizard/complete': fails(500, 'INTERNAL_ERROR') },
    });
    const { user } = await openWizard('/wizard?step=5');
    await screen.findByRole('button', { name: /ana@example\.com/ });
    const message = screen.getByLabelText('Dedication message');
    await user.clear(message);
    await user.type(message, 'Sleep tight, Mia');
    await user.click(screen.getByRole('button', { name: 'Complete personalization' }));

    expect(await screen.findByText('Failed to prepare your book. Please try again.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'A few words from the heart' })).toBeVisible();
    expect(screen.getByLabelText('Dedication message')).toHaveValue('Sleep tight, Mia');
    expect(api.callsTo('/api/wizard/complete')).toHaveLength(1);
  });
});

describe('wizard: starting from an earlier book', () => {
  const characterId = 'c0000000-0000-4000-8000-000000000001';
  const orderId = 'd0000000-0000-4000-8000-000000000001';
  const childPhotoId = '66666666-6666-4666-8666-666666666666';
  const keptDedication = { dedicationMessage: 'For Teddy’s new friend.', dedicationSignature: 'Grandma' };

  it('reorder: asks for the child, prefills step 1 with name, gender, age and photo, consent unticked', async () => {
    const api = mockWizardApi({
      signedInAs: 'parent@example.com',
      prefill: { child: { name: 'Mia', gender: 'female', age: 5, picture: childPhotoId } },
    });
    const { user } = await openWizard(
      `/wizard?theme=guardian-friend&type=storybook&character=${characterId}`,
    );
    expect(api.callsTo('/api/wizard/session')[0]?.body).toEqual({
      themeId: 'guardian-friend',
      bookType: 'storybook',
      characterId,
    });
    expect(screen.getByLabelText('Your child’s first name')).toHaveValue('Mia');
    expect(screen.getByRole('radio', { name: 'Girl' })).toBeChecked();
    expect(screen.getByLabelText('Age')).toHaveValue(5);
    expect(screen.getByRole('img', { name: 'The photo of your child, cropped to a square' })).toHaveAttribute(
      'src',
      `/api/wizard/images/${childPhotoId}`,
    );
    const consent = screen.getByRole('checkbox', { name: /I confirm that I am authorised/ });
    expect(consent).not.toBeChecked();

    // Nothing is saved until the parent gives the consent again.
    await user.click(screen.getByRole('button', { name: /^Next/ }));
    expect(api.callsTo('/api/wizard/session/steps/1', 'PUT')).toHaveLength(0);
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: /^Next/ }));
    await waitFor(() =>
      expect(api.callsTo('/api/wizard/session/steps/1', 'PUT')[0]?.body).toEqual({
        name: 'Mia',
        gender: 'female',
        age: 5,
        picture: childPhotoId,
        consent: true,
      }),
    );
  });

  it('sibling version: a note on step 1, then the kept toy, toy cover and dedication after the new child', async () => {
    const api = mockWizardApi({
      signedInAs: 'parent@example.com',
      steps: { 3: TOY, 4: TOY_COVER, 5: keptDedication },
      prefill: { clonedFrom: { orderNumber: 'BK-20250101-1' } },
      routes: { 'POST /api/wizard/covers': ok({ imageId: COVER.generatedCover }) },
    });
    const { user, router } = await openWizard(`/wizard?clone=${orderId}&step=4`);
    expect(api.callsTo('/api/wizard/session')[0]?.body).toEqual({
      themeId: 'guardian-friend',
      bookType: 'storybook',
      cloneOrderId: orderId,
    });
    // Steps 3-5 are saved but do not count before the new child: the wizard opens at step 1.
    expect(screen.getByRole('heading', { level: 1, name: 'Tell us about your little hero' })).toBeVisible();
    await waitFor(() => expect(stepParam(router)).toBe('1'));
    expect(
      screen.getByText(
        'Sibling version of order BK-20250101-1: the toy and the dedication are kept; add the new child.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Your child’s first name')).toHaveValue('');

    await user.type(screen.getByLabelText('Your child’s first name'), 'Léo');
    await user.click(screen.getByRole('radio', { name: 'Boy' }));
    await user.type(screen.getByLabelText('Age'), '3');
    fireEvent.change(screen.getByLabelText('Photo of your child'), { target: { files: [photoFile()] } });
    await user.click(await screen.findByRole('button', { name: 'Use this photo' }));
    await screen.findByRole('img', { name: 'The photo of your child, cropped to a square' });
    await user.click(screen.getByRole('checkbox', { name: /I confirm that I am authorised/ }));
    await user.click(screen.getByRole('button', { name: /^Next/ }));
    await user.click(await screen.findByRole('button', { name: 'Approve this cover' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Now, the cuddly toy' })).toBeVisible();
    expect(screen.getByLabelText('The cuddly toy’s name')).toHaveValue('Teddy');
    await user.click(screen.getByRole('button', { name: /^Next/ }));
    expect(await screen.findByRole('img', { name: 'The cover with Teddy, the cuddly toy' })).toHaveAttribute(
      'src',
      `/api/wizard/images/${TOY_COVER.generatedToyImage}`,
    );
    // The kept toy cover is shown, not made again.
    expect(api.callsTo('/api/wizard/covers').map((call) => call.body)).toEqual([
      { kind: 'hero', language: 'en' },
    ]);
    await user.click(screen.getByRole('button', { name: /^Next/ }));
    expect(await screen.findByLabelText('Dedication message')).toHaveValue(keptDedication.dedicationMessage);
    expect(screen.getByLabelText(/^Signed/)).toHaveValue('Grandma');
  });

  it('change the photo: the child’s details kept, a new photo asked for, a way back to the book', async () => {
    const bookId = 'b0000000-0000-4000-8000-0000000000aa';
    const api = mockWizardApi({
      signedInAs: 'parent@example.com',
      steps: { 3: TOY, 4: TOY_COVER, 5: keptDedication },
      prefill: {
        child: { name: 'Mia', gender: 'female', age: 5 },
        changingPhotoOf: { bookInstanceId: bookId },
      },
    });
    await openWizard(`/wizard?type=storybook&book=${bookId}`);
    expect(api.callsTo('/api/wizard/session')[0]?.body).toEqual({
      themeId: 'guardian-friend',
      bookType: 'storybook',
      fromBookId: bookId,
    });
    expect(
      screen.getByText(
        'A new photo of Mia: the toy and the dedication of your book are kept. Your book stays as it is in My Books until this one is ready.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to my book' })).toHaveAttribute('href', `/book/${bookId}`);
    expect(screen.getByLabelText('Your child’s first name')).toHaveValue('Mia');
    expect(screen.queryByRole('img', { name: 'The photo of your child, cropped to a square' })).toBeNull();
  });

  it('sends a visitor to sign in first, coming back to the same address', async () => {
    const api = mockWizardApi();
    const path = `/wizard?clone=${orderId}`;
    const router = createMemoryRouter(
      [
        { path: '/wizard', lazy: () => import('./wizard'), HydrateFallback: () => null },
        { path: '*', Component: Elsewhere },
      ],
      { initialEntries: [path] },
    );
    renderWithRouter(router);
    expect(await screen.findByText('Elsewhere: /auth', {}, { timeout: 5000 })).toBeVisible();
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(path);
    expect(api.callsTo('/api/wizard/session')).toHaveLength(0);
  });
});

describe('wizard: in French', () => {
  it('speaks French, with the doudou and French typography', async () => {
    mockWizardApi({ steps: { 1: CHILD, 2: COVER, 3: TOY, 4: TOY_COVER } });
    await openWizard('/wizard?step=5', 'fr');
    expect(screen.getByRole('heading', { level: 1, name: 'Quelques mots du cœur' })).toBeVisible();
    // The step's form loads after its heading when no earlier test of the file opened step 5.
    expect(await screen.findByLabelText('Message de dédicace')).toHaveValue(
      'Pour Mia, que Teddy veille sur tes rêves chaque nuit. Avec tout notre amour.',
    );
    expect(screen.getByRole('button', { name: 'Terminer la personnalisation' })).toBeVisible();
    expect(screen.getByText('Étape 5 sur 5')).toBeVisible();
  });
});
