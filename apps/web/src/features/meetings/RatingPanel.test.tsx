import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import '../../i18n/i18n';
import { conferenceApi } from '../../api/conference-api';
import { RatingPanel } from './RatingPanel';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the rating after a meeting', () => {
  test('Submit waits for a star, then sends the score and thanks', async () => {
    const addEvaluate = vi.spyOn(conferenceApi, 'addEvaluate').mockResolvedValue(null);
    render(<RatingPanel conferenceId="123456789" />);
    expect(screen.getByRole('heading', { name: 'How was the meeting?' })).toBeTruthy();
    const submit = screen.getByTestId('rating-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('rating-star-4'));
    expect(screen.getByTestId('rating-star-4').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Good')).toBeTruthy();
    expect(submit.disabled).toBe(false);
    await act(async () => fireEvent.click(submit));
    expect(addEvaluate).toHaveBeenCalledWith('123456789', 4);
    expect(screen.getByTestId('rating-thanks').textContent).toBe('Thank you for your feedback');
  });

  test('a failed submit does not keep the stars up', async () => {
    vi.spyOn(conferenceApi, 'addEvaluate').mockRejectedValue(new Error('nope'));
    render(<RatingPanel conferenceId="1" />);
    fireEvent.click(screen.getByTestId('rating-star-1'));
    await act(async () => fireEvent.click(screen.getByTestId('rating-submit')));
    expect(screen.queryByTestId('rating-star-1')).toBeNull();
  });
});
