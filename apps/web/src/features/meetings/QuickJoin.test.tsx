import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import '../../i18n/i18n';
import { QuickJoin } from './QuickJoin';

afterEach(cleanup);

function setup() {
  const onJoin = vi.fn();
  render(
    <MemoryRouter>
      <QuickJoin joining={false} onJoin={onJoin} />
    </MemoryRouter>,
  );
  const id = screen.getByRole('textbox', { name: 'Meeting ID' }) as HTMLInputElement;
  const join = () => fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  return { onJoin, id, join };
}

describe('joining from Home with a meeting ID', () => {
  test('a pasted ID with dashes joins by its digits; letters are not accepted', () => {
    const { onJoin, id, join } = setup();
    fireEvent.change(id, { target: { value: 'abc' } });
    expect(id.value).toBe('');
    fireEvent.change(id, { target: { value: '123-456-789' } });
    expect(id.value).toBe('123-456-789');
    join();
    expect(onJoin).toHaveBeenCalledWith('123456789');
  });

  test('an empty or short ID is answered at once, without a call', () => {
    const { onJoin, id, join } = setup();
    join();
    expect(screen.getByRole('alert').textContent).toBe('Please enter the meeting ID');
    fireEvent.change(id, { target: { value: '123 45' } });
    join();
    expect(screen.getByRole('alert').textContent).toBe('The current meeting does not exist');
    expect(id.getAttribute('aria-invalid')).toBe('true');
    expect(onJoin).not.toHaveBeenCalled();
  });

  test('"Join with another name" opens the Join page with the ID typed so far', () => {
    const { id } = setup();
    fireEvent.change(id, { target: { value: '123 456 789' } });
    expect(screen.getByRole('link', { name: 'Join with another name' }).getAttribute('href')).toBe(
      '/join?id=123456789',
    );
  });
});
