import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { Dialog } from './Dialog';

afterEach(cleanup);

function open() {
  render(
    <>
      <button type="button">Behind</button>
      <Dialog
        open
        title="Rename"
        onClose={vi.fn()}
        closeLabel="Close"
        footer={<button type="button">Save</button>}
      >
        <input aria-label="Name" />
      </Dialog>
    </>,
  );
  return {
    close: screen.getByRole('button', { name: 'Close' }),
    name: screen.getByRole('textbox', { name: 'Name' }),
    save: screen.getByRole('button', { name: 'Save' }),
  };
}

test('Tab from the last control comes back to the first, Shift+Tab from the first goes to the last', () => {
  const { close, name, save } = open();
  // Focus starts in the dialog, on its field.
  expect(document.activeElement).toBe(name);
  save.focus();
  fireEvent.keyDown(document, { key: 'Tab' });
  expect(document.activeElement).toBe(close);
  fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
  expect(document.activeElement).toBe(save);
});

test('focus that got behind the dialog is brought back into it', () => {
  const { close } = open();
  screen.getByRole('button', { name: 'Behind', hidden: true }).focus();
  fireEvent.keyDown(document, { key: 'Tab' });
  expect(document.activeElement).toBe(close);
});
