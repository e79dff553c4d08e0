import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import '../../app/i18n';
import { conferenceApi } from '../../api/conference-api';
import { RatingDialog } from './RatingDialog';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the rating after leaving', () => {
  test('Submit waits for a star, then sends the score and moves on', async () => {
    const addEvaluate = vi.spyOn(conferenceApi, 'addEvaluate').mockResolvedValue(null);
    const onDone = vi.fn();
    render(<RatingDialog conferenceId="123456789" onDone={onDone} />);
    const dialog = screen.getByRole('dialog', { name: 'How was the meeting?' });
    expect(dialog).toBeTruthy();
    const submit = screen.getByTestId('rating-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('rating-star-4'));
    expect(screen.getByTestId('rating-star-4').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Good')).toBeTruthy();
    expect(submit.disabled).toBe(false);
    await act(async () => fireEvent.click(submit));
    expect(addEvaluate).toHaveBeenCalledWith('123456789', 4);
    expect(onDone).toHaveBeenCalledOnce();
  });

  test('a failed submit still moves on', async () => {
    vi.spyOn(conferenceApi, 'addEvaluate').mockRejectedValue(new Error('nope'));
    const onDone = vi.fn();
    render(<RatingDialog conferenceId="1" onDone={onDone} />);
    fireEvent.click(screen.getByTestId('rating-star-1'));
    await act(async () => fireEvent.click(screen.getByTestId('rating-submit')));
    expect(onDone).toHaveBeenCalledOnce();
  });

  test('Skip moves on without sending anything', () => {
    const addEvaluate = vi.spyOn(conferenceApi, 'addEvaluate');
    const onDone = vi.fn();
    render(<RatingDialog conferenceId="1" onDone={onDone} />);
    fireEvent.click(screen.getByTestId('rating-skip'));
    expect(onDone).toHaveBeenCalledOnce();
    expect(addEvaluate).not.toHaveBeenCalled();
  });
});
