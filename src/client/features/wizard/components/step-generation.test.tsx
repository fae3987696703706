import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test-utils';
import { SLOW_GENERATION_MS, StepGeneration } from './step-generation';

afterEach(() => {
  vi.useRealTimers();
});

const noop = () => {};

/** The toy's cover being drawn, with the usual wait the server says. */
const loading = (name: string, waitSeconds: number | null) => (
  <StepGeneration
    kind="toy"
    name={name}
    view={{ state: 'loading' }}
    waitSeconds={waitSeconds}
    approving={false}
    onChoose={noop}
    onRegenerate={noop}
    onRetry={noop}
    onUploadDifferent={noop}
    onStartOver={noop}
  />
);

describe('StepGeneration while the cover is made', () => {
  it('says how long it usually takes, and that it is taking longer than usual after 20 seconds', () => {
    vi.useFakeTimers();
    renderWithProviders(loading('Teddy', 10), { language: 'en' });
    expect(screen.getByRole('status')).toHaveTextContent('We are painting Teddy, ready for the adventure…');
    expect(screen.getByText('This usually takes about 10 seconds.')).toBeVisible();
    act(() => vi.advanceTimersByTime(SLOW_GENERATION_MS - 1));
    expect(screen.queryByText(/taking longer than usual/)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(/This is taking longer than usual\./)).toBeVisible();
  });

  it('with a hosted model, whose wait was never measured, promises no usual time: it can take up to a minute', () => {
    vi.useFakeTimers();
    renderWithProviders(loading('Doudou', null), { language: 'fr' });
    expect(screen.getByText('Cela peut prendre jusqu’à une minute.')).toBeVisible();
    expect(screen.queryByText(/secondes/)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SLOW_GENERATION_MS * 2));
    expect(screen.queryByText(/plus long que d’habitude/)).not.toBeInTheDocument();
  });
});
