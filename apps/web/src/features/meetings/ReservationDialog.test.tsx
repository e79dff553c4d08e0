import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { TOPIC_MAX } from '@meet/shared';
import '../../app/i18n';
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
