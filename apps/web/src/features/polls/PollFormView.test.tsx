import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import '../../i18n/i18n';
import { voteApi } from '../../api/vote-api';
import { toast } from '../../ui/toast-store';
import { detail, summary } from './poll-fixtures';
import { PollsDialog } from './PollsDialog';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setup(inMeeting = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  const warnings = vi.spyOn(toast, 'warning');
  render(
    <QueryClientProvider client={client}>
      <PollsDialog
        place={{ conferenceUri: 'uri-1', inMeeting, canCreate: true, nickname: 'Me' }}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { onClose, warnings };
}

const mode = () => screen.getByTestId('polls-dialog').dataset.mode;
const field = (name: string, index = 0) =>
  document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)[index]!;
const type = (el: Element, value: string) => fireEvent.change(el, { target: { value } });
const closeButton = () => screen.getAllByRole('button', { name: 'Close' })[0]!;

async function startNew() {
  vi.spyOn(voteApi, 'list').mockResolvedValue([]);
  const view = setup();
  fireEvent.click(await screen.findByTestId('poll-new'));
  expect(mode()).toBe('add');
  return view;
}

describe('leaving the form', () => {
  test('after one edit it closes without asking', async () => {
    const { onClose } = await startNew();
    type(field('pollTitle'), 'L');
    fireEvent.click(closeButton());
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('poll-confirm-yes')).toBeNull();
  });

  test('after more than one edit it asks to discard; Cancel stays, Exit leaves', async () => {
    const { onClose } = await startNew();
    type(field('pollTitle'), 'L');
    type(field('pollTitle'), 'Lu');
    fireEvent.click(closeButton());
    expect(
      screen.getByRole('dialog', { name: 'Are you sure you want to exit creation?' }),
    ).toBeTruthy();
    expect(screen.getByTestId('poll-confirm-text').textContent).toMatch(/discarded/);
    fireEvent.click(screen.getByTestId('poll-confirm-no'));
    expect(onClose).not.toHaveBeenCalled();
    expect(mode()).toBe('add');
    fireEvent.click(screen.getByTestId('poll-cancel'));
    fireEvent.click(screen.getByTestId('poll-confirm-yes'));
    expect(mode()).toBe('list');
    expect(onClose).not.toHaveBeenCalled();
  });

  test('Escape on the confirm closes only the confirm', async () => {
    const { onClose } = await startNew();
    fireEvent.click(screen.getByTestId('add-option'));
    fireEvent.click(screen.getByTestId('add-question'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByTestId('poll-confirm-yes')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('poll-confirm-yes')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(mode()).toBe('add');
  });

  test('an ignored click (deleting the only question) is not an edit', async () => {
    const { onClose } = await startNew();
    type(field('pollTitle'), 'L');
    fireEvent.click(screen.getByTestId('delete-question'));
    expect(screen.getAllByTestId('poll-question')).toHaveLength(1);
    fireEvent.click(closeButton());
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('writing a poll', () => {
  test('a blank field refuses the save with the spec text and marks the field', async () => {
    const { warnings } = await startNew();
    const create = vi.spyOn(voteApi, 'create');
    type(field('pollTitle'), 'Lunch');
    type(field('questionTitle'), '   ');
    fireEvent.click(screen.getByTestId('poll-save'));
    expect(warnings).toHaveBeenCalledWith('Please fill in the poll completely');
    expect(create).not.toHaveBeenCalled();
    expect(field('questionTitle').getAttribute('aria-invalid')).toBe('true');
  });

  test('copy at 10 questions is blocked with the limit text', async () => {
    const { warnings } = await startNew();
    for (let i = 0; i < 9; i++) fireEvent.click(screen.getByTestId('add-question'));
    expect(screen.getAllByTestId('poll-question')).toHaveLength(10);
    fireEvent.click(screen.getAllByTestId('copy-question')[0]!);
    expect(warnings).toHaveBeenCalledWith('A poll can have at most 10 questions');
    expect(screen.getAllByTestId('poll-question')).toHaveLength(10);
  });

  test('options stop at 10', async () => {
    await startNew();
    for (let i = 0; i < 8; i++) fireEvent.click(screen.getByTestId('add-option'));
    expect(document.querySelectorAll('[name="optionDesc"]')).toHaveLength(10);
    expect((screen.getByTestId('add-option') as HTMLButtonElement).disabled).toBe(true);
  });

  test('a complete poll is created with a single and a multiple question, then the list shows', async () => {
    await startNew();
    const create = vi.spyOn(voteApi, 'create').mockResolvedValue(detail({ status: 0 }));
    type(field('pollTitle'), ' Lunch ');
    fireEvent.click(field('anonymous'));
    type(field('questionTitle'), 'Where?');
    type(field('optionDesc', 0), 'Here');
    type(field('optionDesc', 1), 'There');
    fireEvent.click(screen.getByTestId('copy-question'));
    const second = document.querySelectorAll<HTMLSelectElement>('[name="questionType"]')[1]!;
    fireEvent.change(second, { target: { value: '1' } });
    type(field('questionTitle', 1), 'What?');
    await act(async () => fireEvent.click(screen.getByTestId('poll-save')));
    expect(create).toHaveBeenCalledWith('uri-1', {
      title: ' Lunch ',
      anonymous: 1,
      questions: [
        {
          questionId: 1,
          title: 'Where?',
          type: 0,
          options: [
            { optionId: 1, optionDesc: 'Here' },
            { optionId: 2, optionDesc: 'There' },
          ],
        },
        {
          questionId: 2,
          title: 'What?',
          type: 1,
          options: [
            { optionId: 1, optionDesc: 'Here' },
            { optionId: 2, optionDesc: 'There' },
          ],
        },
      ],
    });
    await waitFor(() => expect(mode()).toBe('list'));
  });

  test('a meeting with 10 polls refuses a new one with the limit text', async () => {
    vi.spyOn(voteApi, 'list').mockResolvedValue(
      Array.from({ length: 10 }, (_, i) => summary({ voteId: i + 1 })),
    );
    const { warnings } = setup();
    await screen.findAllByTestId('poll-item');
    fireEvent.click(screen.getByTestId('poll-new'));
    expect(warnings).toHaveBeenCalledWith('A meeting can have at most 10 polls');
    expect(mode()).toBe('list');
  });
});

describe('editing a draft', () => {
  test.each([
    [true, 'result'],
    [false, 'list'],
  ])(
    'in meeting %s: the saved poll fills the form; saving returns to the %s',
    async (inMeeting, after) => {
      vi.spyOn(voteApi, 'list').mockResolvedValue([summary({ status: 0 })]);
      vi.spyOn(voteApi, 'result').mockResolvedValue(detail({ status: 0 }));
      const update = vi
        .spyOn(voteApi, 'update')
        .mockResolvedValue(detail({ status: 0, title: 'Dinner' }));
      setup(inMeeting);
      fireEvent.click(await screen.findByTestId('poll-item'));
      fireEvent.click(await screen.findByTestId('poll-edit'));
      await waitFor(() => expect(field('pollTitle').value).toBe('Lunch'));
      expect(document.querySelectorAll('[name="optionDesc"]')).toHaveLength(3);
      type(field('pollTitle'), 'Dinner');
      await act(async () => fireEvent.click(screen.getByTestId('poll-save')));
      expect(update).toHaveBeenCalledWith(
        'uri-1',
        7,
        expect.objectContaining({ title: 'Dinner', anonymous: 0 }),
      );
      await waitFor(() => expect(mode()).toBe(after));
    },
  );

  test('leaving an edit after two changes asks with the editing text', async () => {
    vi.spyOn(voteApi, 'list').mockResolvedValue([summary({ status: 0 })]);
    vi.spyOn(voteApi, 'result').mockResolvedValue(detail({ status: 0 }));
    setup();
    fireEvent.click(await screen.findByTestId('poll-item'));
    fireEvent.click(await screen.findByTestId('poll-edit'));
    await waitFor(() => expect(field('pollTitle').value).toBe('Lunch'));
    type(field('pollTitle'), 'Lunc');
    type(field('pollTitle'), 'Lun');
    fireEvent.click(screen.getByTestId('poll-cancel'));
    expect(
      screen.getByRole('dialog', { name: 'Are you sure you want to exit editing?' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('poll-confirm-yes'));
    expect(mode()).toBe('result');
  });
});
