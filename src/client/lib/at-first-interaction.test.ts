import { describe, expect, it, vi } from 'vitest';
import { atFirstInteraction } from './at-first-interaction';

describe('atFirstInteraction', () => {
  it('loads nothing until the first press, then each load once', () => {
    const first = vi.fn();
    const second = vi.fn(() => Promise.resolve());
    atFirstInteraction(first, { atOnce: false });
    atFirstInteraction(second, { atOnce: false });
    expect(first).not.toHaveBeenCalled();
    expect(second).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('pointerdown'));
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('keydown'));
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('a failed load does not stop the others', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    const other = vi.fn();
    atFirstInteraction(failing, { atOnce: false });
    atFirstInteraction(other, { atOnce: false });
    window.dispatchEvent(new Event('keydown'));
    await Promise.resolve();
    expect(failing).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledTimes(1);
  });
});
