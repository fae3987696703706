import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog } from './dialog';

function Example() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Delete the book?"
      description="This cannot be undone."
      closeLabel="Close"
      trigger={<Button>Delete</Button>}
    >
      <p>Are you sure?</p>
    </Dialog>
  );
}

describe('Dialog (Radix loaded on demand)', () => {
  it('shows the trigger as a dialog button, opens with focus inside, and gives focus back on close', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Delete' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Delete the book?' });
    expect(dialog).toHaveTextContent('Are you sure?');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
  });
});
