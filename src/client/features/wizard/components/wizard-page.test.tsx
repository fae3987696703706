import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { WizardState } from '../../../../shared/contracts/wizard';
import { renderWithRouter } from '../../../test-utils';
import { deferred, mockWizardApi, ok } from '../testing/mock-wizard-api';
import { WizardPage } from './wizard-page';

vi.setConfig({ testTimeout: 20_000 });

describe('WizardPage while the session is read (issue 19: nothing moves)', () => {
  it('holds the step bar, heading and fields with a decorative skeleton, then shows step 1', async () => {
    const read = deferred();
    mockWizardApi({ routes: { 'POST /api/wizard/session': read.handler } });
    const router = createMemoryRouter(
      [{ path: '/wizard', element: <WizardPage themeId="guardian-friend" bookType="storybook" /> }],
      { initialEntries: ['/wizard'] },
    );
    renderWithRouter(router, { language: 'en' });
    expect(await screen.findByRole('status', {}, { timeout: 5_000 })).toHaveTextContent('Loading…');
    expect(screen.getByTestId('wizard-skeleton')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Next|Previous/ })).not.toBeInTheDocument();

    const fresh: WizardState = {
      themeId: 'guardian-friend',
      bookType: 'storybook',
      steps: {},
      resumeStep: 1,
      restored: false,
      coverWaitSeconds: 10,
      signedIn: false,
    };
    read.release(ok(fresh));
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 })).toBeVisible();
    expect(screen.getByText('Step 1 of 5')).toBeVisible();
    expect(screen.queryByTestId('wizard-skeleton')).not.toBeInTheDocument();
  });
});
