import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { TOPIC_MAX, type MeetingListItem } from '@meet/shared';
import '../../i18n/i18n';
import { conferenceApi } from '../../api/conference-api';
import ReservationDialog from './ReservationDialog';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setup() {
  const reserve = vi.spyOn(conferenceApi, 'reserve').mockResolvedValue({} as never);
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <ReservationDialog
        editing={null}
        timezone="Asia/Shanghai"
        now={Date.UTC(2030, 0, 15, 2)}
        defaultTopic="Ada's meeting"
        onClose={vi.fn()}
      />
    </QueryClientProvider>,
  );
  const topic = screen.getByRole('textbox', { name: 'Topic' }) as HTMLInputElement;
  const schedule = screen.getByRole('button', { name: 'Schedule' }) as HTMLButtonElement;
  return { reserve, topic, schedule };
}

describe('the reservation topic', () => {
  test('is never cut: a counter near the limit, an error and no Schedule past it', () => {
    const { reserve, topic, schedule } = setup();
    expect(topic.maxLength).toBe(-1);
    expect(screen.queryByTestId('char-count')).toBeNull();
    fireEvent.change(topic, { target: { value: 'x'.repeat(TOPIC_MAX - 5) } });
    expect(screen.getByTestId('char-count').textContent).toBe(`${TOPIC_MAX - 5}/${TOPIC_MAX}`);
    fireEvent.change(topic, { target: { value: 'x'.repeat(TOPIC_MAX + 3) } });
    expect(topic.value).toHaveLength(TOPIC_MAX + 3);
    expect(screen.getByTestId('char-count').textContent).toBe(`${TOPIC_MAX + 3}/${TOPIC_MAX}`);
    expect(screen.getByRole('alert').textContent).toBe(
      `The topic cannot exceed ${TOPIC_MAX} characters`,
    );
    expect(schedule.disabled).toBe(true);
    fireEvent.submit(schedule.form!);
    expect(reserve).not.toHaveBeenCalled();
  });

  test('the time zone is the searchable picker, inside the form', () => {
    setup();
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    fireEvent.change(zone, { target: { value: 'tokyo' } });
    fireEvent.keyDown(zone, { key: 'Enter' });
    expect(document.querySelector<HTMLInputElement>('input[name="timezone"]')!.value).toBe(
      'Asia/Tokyo',
    );
    // Picking a zone with Enter did not send the form.
    expect(conferenceApi.reserve).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Schedule a meeting' })).toBeTruthy();
  });
});

describe('editing a reservation’s times', () => {
  // 10:00–10:45 in Shanghai on 15 January 2030 (02:00 UTC), an hour before it starts.
  const start = Date.UTC(2030, 0, 15, 2);
  const editing = {
    meetingId: '123456789',
    meetingTitle: 'Standup',
    timezone: 'Asia/Shanghai',
    startTime: start,
    endTime: start + 45 * 60_000,
    asrEnabled: false,
  } as MeetingListItem;

  function edit() {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReservationDialog
          editing={editing}
          timezone="UTC"
          now={start - 60 * 60_000}
          defaultTopic=""
          onClose={vi.fn()}
        />
      </QueryClientProvider>,
    );
    const field = (name: string) =>
      document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    return field;
  }

  test('a new start carries the end with it, keeping the 45 minutes, until the end is edited', () => {
    const field = edit();
    fireEvent.change(field('startTime'), { target: { value: '14:00' } });
    expect(field('endTime').value).toBe('14:45');
    fireEvent.change(field('startDate'), { target: { value: '2030-01-16' } });
    expect([field('endDate').value, field('endTime').value]).toEqual(['2030-01-16', '14:45']);
    fireEvent.change(field('endTime'), { target: { value: '16:00' } });
    fireEvent.change(field('startTime'), { target: { value: '15:00' } });
    expect(field('endTime').value).toBe('16:00');
  });

  test('another zone checks the start again at once: 10:00 in Auckland has already passed', () => {
    const field = edit();
    expect(screen.queryByTestId('reservation-start-error')).toBeNull();
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    fireEvent.change(zone, { target: { value: 'auckland' } });
    fireEvent.keyDown(zone, { key: 'Enter' });
    expect(field('timezone').value).toBe('Pacific/Auckland');
    expect(screen.getByTestId('reservation-start-error').textContent).toBe(
      'The meeting time has already passed',
    );
    // Back in Shanghai it is an hour ahead again.
    fireEvent.change(zone, { target: { value: 'shanghai' } });
    fireEvent.keyDown(zone, { key: 'Enter' });
    expect(field('timezone').value).toBe('Asia/Shanghai');
    expect(screen.queryByTestId('reservation-start-error')).toBeNull();
  });
});

test('a new meeting’s default start stays the next half hour when another zone is picked first', () => {
  setup();
  const field = (name: string) =>
    document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  // 10:00 in Shanghai (02:00 UTC): the next half hour is 10:30 there, 14:30 in Auckland.
  expect(field('startTime').value).toBe('10:30');
  const zone = screen.getByRole('combobox', { name: 'Time zone' });
  fireEvent.change(zone, { target: { value: 'auckland' } });
  fireEvent.keyDown(zone, { key: 'Enter' });
  expect(field('timezone').value).toBe('Pacific/Auckland');
  expect([field('startTime').value, field('endTime').value]).toEqual(['15:30', '16:30']);
  expect(screen.queryByTestId('reservation-start-error')).toBeNull();
});
