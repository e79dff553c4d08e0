import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { NICKNAME_MAX_MEETING } from '@meet/shared';
import '../../i18n/i18n';
import { JoinForm } from './JoinForm';
import type { JoinMeeting } from './useJoinMeeting';

vi.mock('../auth/AuthProvider', () => ({ useAuth: () => ({ user: null }) }));

beforeEach(() => localStorage.clear());
afterEach(cleanup);

function setup() {
  const join = vi.fn();
  render(<JoinForm flow={{ join, joining: false } as unknown as JoinMeeting} />);
  const id = screen.getByRole('textbox', { name: 'Meeting ID' }) as HTMLInputElement;
  const name = screen.getByRole('textbox', { name: 'Your name' }) as HTMLInputElement;
  const button = screen.getByRole('button', { name: 'Join' }) as HTMLButtonElement;
  return { join, id, name, button };
}

describe('the join form', () => {
  test('the meeting ID takes digits with spaces or dashes; other characters are not accepted', () => {
    const { id } = setup();
    fireEvent.change(id, { target: { value: '12a3' } });
    expect(id.value).toBe('123');
    // A typed letter is refused before it reaches the field, so the caret stays put (React
    // makes its beforeinput from keypress where the browser has no textInput, as in jsdom).
    expect(fireEvent.keyPress(id, { key: 'x', charCode: 120, which: 120 })).toBe(false);
    expect(fireEvent.keyPress(id, { key: '4', charCode: 52, which: 52 })).toBe(true);
    expect(fireEvent.keyPress(id, { key: '-', charCode: 45, which: 45 })).toBe(true);
  });

  test.each([['123-456-789'], ['123 456 789'], ['Meeting ID: 123 – 456 – 789']])(
    'a pasted "%s" joins meeting 123456789',
    (pasted) => {
      const { join, id, name, button } = setup();
      fireEvent.change(id, { target: { value: pasted } });
      fireEvent.change(name, { target: { value: 'Ada' } });
      fireEvent.click(button);
      expect(join).toHaveBeenCalledWith({ conferenceId: '123456789', userConferenceName: 'Ada' });
    },
  );

  test('the name is never cut: near the limit a counter shows, past it an error and no join', () => {
    const { join, id, name, button } = setup();
    fireEvent.change(id, { target: { value: '123456789' } });
    expect(name.maxLength).toBe(-1);
    fireEvent.change(name, { target: { value: 'x'.repeat(20) } });
    expect(screen.queryByTestId('char-count')).toBeNull();
    fireEvent.change(name, { target: { value: 'x'.repeat(27) } });
    expect(screen.getByTestId('char-count').textContent).toBe(`27/${NICKNAME_MAX_MEETING}`);
    expect(name.getAttribute('aria-invalid')).toBeNull();
    const long = 'x'.repeat(NICKNAME_MAX_MEETING + 1);
    fireEvent.change(name, { target: { value: long } });
    expect(name.value).toBe(long);
    expect(screen.getByTestId('char-count').textContent).toBe(`31/${NICKNAME_MAX_MEETING}`);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Nickname cannot exceed 30 characters');
    expect(button.disabled).toBe(true);
    fireEvent.submit(button.form!);
    expect(join).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: 'x'.repeat(30) } });
    expect(button.disabled).toBe(false);
  });
});

describe('a profile name longer than a meeting name', () => {
  test('is offered cut to the limit, with a note saying what others will see', () => {
    localStorage.setItem('nickname', 'Alexandra Konstantinopoulou-Fitzgerald Smythe');
    const { join, id, name, button } = setup();
    expect(name.value).toBe('Alexandra Konstantinopoulou-Fi');
    expect(
      screen.getByText(/in meetings you appear as "Alexandra Konstantinopoulou-Fi"/),
    ).toBeTruthy();
    fireEvent.change(id, { target: { value: '123456789' } });
    fireEvent.click(button);
    expect(join).toHaveBeenCalledWith({
      conferenceId: '123456789',
      userConferenceName: 'Alexandra Konstantinopoulou-Fi',
    });
  });
});
