import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import '../../i18n/i18n';
import { Dialog } from '../../ui/Dialog';
import { TimezonePicker } from './TimezonePicker';

afterEach(cleanup);

function Picker({ initial = 'Asia/Shanghai', onChange = vi.fn() }) {
  const [zone, setZone] = useState(initial);
  return (
    <>
      <label htmlFor="tz">Time zone</label>
      <TimezonePicker
        id="tz"
        name="timezone"
        value={zone}
        onChange={(next) => {
          setZone(next);
          onChange(next);
        }}
      />
    </>
  );
}

const box = () => screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement;
const hidden = () => document.querySelector<HTMLInputElement>('input[name="timezone"]')!;
const key = (k: string, extra = {}) => fireEvent.keyDown(box(), { key: k, ...extra });
const activeOption = () => {
  const id = box().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

describe('the time zone picker', () => {
  test('is a combobox that shows the chosen zone and carries its value in the form', () => {
    render(<Picker />);
    expect(box().value).toMatch(/^\(GMT[+-]\d\d:\d\d\) Asia\/Shanghai$/);
    expect(hidden().value).toBe('Asia/Shanghai');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().getAttribute('aria-autocomplete')).toBe('list');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  test('ArrowDown opens the list at the chosen zone; arrows move; Enter picks', () => {
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    key('ArrowDown');
    const list = screen.getByRole('listbox');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(box().getAttribute('aria-controls')).toBe(list.id);
    expect(activeOption()?.getAttribute('aria-label')).toMatch(/Asia\/Shanghai$/);
    expect(activeOption()?.getAttribute('aria-selected')).toBe('true');
    const options = within(list).getAllByRole('option');
    expect(options.length).toBeGreaterThan(300);
    const at = options.indexOf(activeOption()!);
    key('ArrowDown');
    key('ArrowDown');
    key('ArrowUp');
    expect(activeOption()).toBe(options[at + 1]);
    const next = options[at + 1]!.getAttribute('aria-label')!;
    key('Enter');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).toHaveBeenCalledWith(hidden().value);
    expect(next).toBe(`${box().value}`);
    expect(hidden().value).not.toBe('Asia/Shanghai');
  });

  test('typing filters by city and Enter takes the first match', () => {
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    fireEvent.change(box(), { target: { value: 'new york' } });
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/America\/New York$/),
    ]);
    expect(activeOption()).toBe(options[0]);
    expect(screen.getByText('Time zones found: 1')).toBeTruthy();
    key('Enter');
    expect(onChange).toHaveBeenCalledWith('America/New_York');
    expect(hidden().value).toBe('America/New_York');
    expect(box().value).toMatch(/America\/New York$/);
  });

  test('typing an offset finds the zones with it', () => {
    render(<Picker />);
    fireEvent.change(box(), { target: { value: 'GMT+5:45' } });
    const labels = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.getAttribute('aria-label'));
    // Older ICU data names it Katmandu.
    expect(labels).toContainEqual(expect.stringMatching(/Asia\/Kath?mandu$/));
    expect(labels.every((label) => label!.startsWith('(GMT+05:45)'))).toBe(true);
  });

  test('a click on an option picks it', () => {
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    fireEvent.change(box(), { target: { value: 'tokyo' } });
    fireEvent.click(screen.getByRole('option', { name: /Asia\/Tokyo$/ }));
    expect(onChange).toHaveBeenCalledWith('Asia/Tokyo');
  });

  test('nothing found says so', () => {
    render(<Picker />);
    fireEvent.change(box(), { target: { value: 'atlantis' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No time zone matches “atlantis”')).toBeTruthy();
  });

  test('Escape and leaving the field keep the zone that was chosen', () => {
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    fireEvent.change(box(), { target: { value: 'tok' } });
    key('Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box().value).toMatch(/Asia\/Shanghai$/);
    fireEvent.change(box(), { target: { value: 'tok' } });
    fireEvent.blur(box());
    expect(box().value).toMatch(/Asia\/Shanghai$/);
    expect(onChange).not.toHaveBeenCalled();
  });

  test('in a dialog, Escape closes the list but not the dialog, and Enter does not submit', () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <Dialog open title="Schedule" onClose={onClose} closeLabel="Close">
        <form onSubmit={onSubmit}>
          <Picker />
        </form>
      </Dialog>,
    );
    key('ArrowDown');
    key('Enter');
    expect(onSubmit).not.toHaveBeenCalled();
    key('ArrowDown');
    key('Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    // With the list closed, Escape is the dialog's again.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  test('a zone the browser list lacks still shows as chosen', () => {
    render(<Picker initial="US/Eastern" />);
    expect(box().value).toMatch(/US\/Eastern$/);
    expect(hidden().value).toBe('US/Eastern');
  });
});
