import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { FEEDBACK_MAX_LENGTH } from '@meet/shared';
import '../../i18n/i18n';
import { ApiError } from '../../api/client';
import { reportApi } from '../../api/report-api';
import { toastStore } from '../../ui/toast-store';
import { FeedbackDialog } from './FeedbackDialog';

vi.mock('../auth/AuthProvider', () => ({
  useAuth: () => ({ user: { userName: 'Ada', email: 'ada@example.com', avatar: '' } }),
}));

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const toasts = () => toastStore.getSnapshot().map((t) => `${t.kind}: ${t.text}`);

function open() {
  const onClose = vi.fn();
  render(<FeedbackDialog onClose={onClose} />);
  const text = screen.getByRole('textbox', { name: 'What happened?' });
  const input = screen.getByTestId('feedback-screenshot-input') as HTMLInputElement;
  const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
  return { onClose, text, input, send };
}

const file = (name: string, type: string, size = 1000) =>
  new File([new Uint8Array(size)], name, { type });

describe('the feedback dialog', () => {
  test('sends what happened, the email and the screenshot, then thanks and closes', async () => {
    const sent = vi.spyOn(reportApi, 'sendFeedback').mockResolvedValue({ id: 7 });
    const { onClose, text, input, send } = open();
    fireEvent.change(text, { target: { value: '  Audio cut out when Bob shared  ' } });
    const shot = file('shot.png', 'image/png');
    fireEvent.change(input, { target: { files: [shot] } });
    expect(screen.getByRole('img', { name: 'The screenshot you added' })).toBeTruthy();
    fireEvent.click(send);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toHaveBeenCalledWith(
      { content: 'Audio cut out when Bob shared', email: 'ada@example.com', screenshot: shot },
      { silent: true },
    );
    expect(toasts()).toContain('success: Thank you! Your feedback was sent.');
  });

  test('an empty description is refused before anything is sent', () => {
    const sent = vi.spyOn(reportApi, 'sendFeedback');
    const { text, send, onClose } = open();
    fireEvent.change(text, { target: { value: '   ' } });
    fireEvent.click(send);
    expect(screen.getByRole('alert').textContent).toBe('Please describe what happened');
    expect(sent).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  test('a description over the limit is kept, counted in red, and Send waits', () => {
    const { text, send } = open();
    fireEvent.change(text, { target: { value: 'x'.repeat(FEEDBACK_MAX_LENGTH + 3) } });
    expect(screen.getByTestId('char-count').textContent).toBe(
      `${FEEDBACK_MAX_LENGTH + 3}/${FEEDBACK_MAX_LENGTH}`,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      `Feedback can have at most ${FEEDBACK_MAX_LENGTH} characters`,
    );
    expect(send.disabled).toBe(true);
  });

  test.each([
    ['a GIF', file('anim.gif', 'image/gif'), 'The screenshot must be a PNG or JPEG image'],
    [
      'a 6 MB PNG',
      file('big.png', 'image/png', 6 * 1024 * 1024),
      'The screenshot must be at most 5 MB',
    ],
  ])('%s is not taken as the screenshot', (_name, picked, message) => {
    const { input } = open();
    fireEvent.change(input, { target: { files: [picked] } });
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.queryByRole('img', { name: 'The screenshot you added' })).toBeNull();
  });

  test('a JPEG is taken, and can be removed again', () => {
    const { input } = open();
    fireEvent.change(input, { target: { files: [file('photo.jpg', 'image/jpeg')] } });
    expect(screen.getByText('photo.jpg')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByText('photo.jpg')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a screenshot' })).toBeTruthy();
  });

  test('a refusal shows the server’s message and keeps the dialog open', async () => {
    vi.spyOn(reportApi, 'sendFeedback').mockRejectedValue(
      new ApiError(-1, 'Too many requests, please try again in 30 seconds', null, 'rateLimitedFor'),
    );
    const { text, send, onClose } = open();
    fireEvent.change(text, { target: { value: 'Something broke' } });
    fireEvent.click(send);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests, please try again in 30 seconds',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(send.disabled).toBe(false);
  });

  test('a screenshot the server refuses shows its message under the screenshot', async () => {
    vi.spyOn(reportApi, 'sendFeedback').mockRejectedValue(
      new ApiError(
        -1,
        'The screenshot must be a PNG or JPEG image',
        null,
        'feedbackScreenshotType',
      ),
    );
    const { text, input, send } = open();
    fireEvent.change(text, { target: { value: 'Look' } });
    fireEvent.change(input, { target: { files: [file('fake.png', 'image/png')] } });
    fireEvent.click(send);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The screenshot must be a PNG or JPEG image');
    expect(alert.closest('.feedback-form__shot')).not.toBeNull();
  });
});
