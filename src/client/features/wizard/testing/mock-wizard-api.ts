// Test helper: a small stand-in for the wizard API (/api/wizard/*) and the session read of the
// account API, keeping the steps the way the server does. Records every call.
import { STEP_SCHEMAS, type WizardState } from '../../../../shared/contracts/wizard';
import { resumeStep } from '../../../../shared/domain/wizard';
import { sessionFor } from '../../../components/auth/mock-auth-api';
import { type ApiCall, fails, type Handler, ok, type Reply, stubApi } from '../../../testing/mock-api';

export type { Reply } from '../../../testing/mock-api';
export { deferred, fails, ok } from '../../../testing/mock-api';
export type WizardCall = ApiCall;

let counter = 0;
/** A fresh id in the shape the server gives to photos and covers. */
export function imageId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

export const CHILD = {
  name: 'Mia',
  gender: 'female',
  age: 4,
  picture: '11111111-1111-4111-8111-111111111111',
  consent: true,
} as const;
export const COVER = { approved: true, generatedCover: '22222222-2222-4222-8222-222222222222' } as const;
export const TOY = { toyName: 'Teddy', toyPicture: '33333333-3333-4333-8333-333333333333' } as const;
export const TOY_COVER = {
  approved: true,
  generatedToyImage: '44444444-4444-4444-8444-444444444444',
} as const;

type Options = {
  /** The steps saved before the page opens. */
  steps?: WizardState['steps'];
  restored?: boolean;
  /** What the server prefilled from an earlier book (reorder, sibling version). */
  prefill?: WizardState['prefill'];
  /** The signed-in user's e-mail, or none for a visitor. */
  signedInAs?: string;
  /** Replies for 'METHOD /api/path' that replace the stand-in's. */
  routes?: Record<string, Handler | Reply>;
  /** The usual wait the server says for a cover (null: a hosted model's, not measured). */
  coverWaitSeconds?: number | null;
};

/** Replaces fetch for the test with a wizard server that keeps its steps. */
export function mockWizardApi({
  steps = {},
  restored = false,
  prefill,
  signedInAs,
  routes = {},
  coverWaitSeconds = 10,
}: Options = {}) {
  const server = { steps: { ...steps }, signedInAs };
  const state = (): WizardState => ({
    themeId: 'guardian-friend',
    bookType: 'storybook',
    steps: server.steps,
    resumeStep: resumeStep({
      ...server.steps[1],
      ...server.steps[2],
      ...server.steps[3],
      ...server.steps[4],
    }),
    restored,
    signedIn: server.signedInAs !== undefined,
    coverWaitSeconds,
  });

  const defaults: Record<string, Handler> = {
    'GET /api/auth/get-session': () =>
      ok(server.signedInAs === undefined ? null : sessionFor(server.signedInAs)),
    'GET /api/auth/providers': () => ok({ providers: [] }),
    // A sign-up answers without a session: the e-mail must be confirmed first.
    'POST /api/auth/sign-up/email': () => ok({ token: null }),
    // The top bar's cart reads the approved unpaid books of a signed-in parent: none here.
    'GET /api/books/unpaid-count': () => ok({ count: 0 }),
    // The shop's prices: step 1 says what an extra child costs.
    'GET /api/catalog/prices': () =>
      ok({ currency: 'CHF', prices: [{ productKey: 'extra_child', basePrice: 900, discountPercentage: 0 }] }),
    'POST /api/wizard/session': () => ok(prefill ? { ...state(), prefill } : state()),
    'POST /api/wizard/photos': () => ok({ photoId: imageId(), width: 800, height: 800 }),
    'POST /api/wizard/covers': () => ok({ imageId: imageId() }),
    'POST /api/wizard/complete': () =>
      server.signedInAs !== undefined
        ? ok({ bookInstanceId: 'b0000000-0000-4000-8000-000000000001' })
        : fails(401, 'UNAUTHENTICATED'),
  };

  const saveStep = (call: WizardCall): Reply => {
    const step = Number(call.path.split('/').pop()) as keyof typeof STEP_SCHEMAS;
    const parsed = STEP_SCHEMAS[step]?.safeParse(call.body);
    if (!parsed?.success) return fails(400, 'VALIDATION_INVALID_PARAM');
    server.steps = { ...server.steps, [step]: parsed.data };
    return ok({ ...state(), restored: false });
  };

  const api = stubApi(routes, (method, path) =>
    method === 'PUT' && path.startsWith('/api/wizard/session/steps/')
      ? saveStep
      : defaults[`${method} ${path}`],
  );
  return {
    calls: api.calls,
    server,
    /** The calls to one path of the API, e.g. '/api/wizard/covers'. */
    callsTo: api.callsTo,
    /** Signs the visitor in, as the sign-in form would. */
    signIn: (email: string) => {
      server.signedInAs = email;
    },
  };
}
