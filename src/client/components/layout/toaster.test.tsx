import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import AppToaster, { TOAST_TOP_VARIABLE, toastTop } from './toaster';

function pageWithHeader(bottom: () => number) {
  const header = document.createElement('header');
  header.getBoundingClientRect = () => ({ bottom: bottom() }) as DOMRect;
  document.body.prepend(header);
  return header;
}

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

afterEach(() => {
  toast.dismiss();
  for (const header of document.querySelectorAll('header')) header.remove();
  document.documentElement.style.removeProperty(TOAST_TOP_VARIABLE);
});

describe('the toaster', () => {
  it('puts toasts under the header (demo band and top bar), never over its controls', async () => {
    let bottom = 116; // a 36 px demo band and the 80 px top bar
    pageWithHeader(() => bottom);
    render(<AppToaster />);
    act(() => {
      toast('Saved');
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(document.documentElement.style.getPropertyValue(TOAST_TOP_VARIABLE)).toBe('124px');
    const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]');
    expect(toaster?.dataset.yPosition).toBe('top');
    expect(toaster?.style.getPropertyValue('--offset-top')).toBe(`var(${TOAST_TOP_VARIABLE}, 96px)`);
    expect(toaster?.style.getPropertyValue('--mobile-offset-top')).toBe(`var(${TOAST_TOP_VARIABLE}, 96px)`);

    // Scrolled: the demo band is gone, the sticky top bar stays at the top of the window.
    bottom = 80;
    window.dispatchEvent(new Event('scroll'));
    await nextFrame();
    expect(document.documentElement.style.getPropertyValue(TOAST_TOP_VARIABLE)).toBe('88px');
  });

  it('starts at the top of the window when the header has scrolled away or there is none', () => {
    expect(toastTop()).toBe(8);
    pageWithHeader(() => -64);
    expect(toastTop()).toBe(8);
  });
});
