import { describe, expect, test } from 'vitest';
import { filterZones, withZone, zoneOption } from './zone-search';

// A January day: New York on standard time (GMT-05:00), no summer time anywhere north.
const JANUARY = Date.UTC(2030, 0, 15, 12);
const zones = [
  'UTC',
  'America/New_York',
  'America/St_Johns',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Adelaide',
  'Europe/London',
  'Pacific/Auckland',
].map((zone) => zoneOption(zone, JANUARY));
const found = (query: string) => filterZones(zones, query).map((o) => o.value);

describe('a zone option', () => {
  test('reads as offset and name, with the city on its own', () => {
    expect(zoneOption('America/New_York', JANUARY)).toMatchObject({
      label: '(GMT-05:00) America/New York',
      city: 'New York',
      region: 'America',
      offset: 'GMT-05:00',
      offsetMinutes: -300,
    });
    expect(zoneOption('UTC', JANUARY)).toMatchObject({ city: 'UTC', region: '', offsetMinutes: 0 });
  });

  test('a zone missing from the list is added in front, so the field can show it', () => {
    const list = withZone(zones, 'Asia/Calcutta');
    expect(list[0]!.value).toBe('Asia/Calcutta');
    expect(withZone(zones, 'Asia/Tokyo')).toBe(zones);
  });
});

describe('typing in the time zone picker', () => {
  test.each([
    ['nothing shows every zone', '', zones.map((o) => o.value)],
    ['a city, any case, spaces for underscores', 'new york', ['America/New_York']],
    ['a city typed with its underscore', 'New_York', ['America/New_York']],
    [
      'part of a zone name',
      'asia/',
      ['Asia/Kathmandu', 'Asia/Kolkata', 'Asia/Shanghai', 'Asia/Tokyo'],
    ],
    ['a city that is not in the name', 'Beijing', ['Asia/Shanghai']],
    ['a city in Chinese', '上海', ['Asia/Shanghai']],
    ['an hour offset', '+8', ['Asia/Shanghai']],
    [
      'an hour offset finds its half and three-quarter hours',
      '+5',
      ['Asia/Kathmandu', 'Asia/Kolkata'],
    ],
    ['a negative offset with GMT', 'GMT-5', ['America/New_York']],
    ['an exact offset with minutes', 'UTC+05:30', ['Asia/Kolkata']],
    ['a minus sign from a word processor', '\u22123:30', ['America/St_Johns']],
    ['offset zero', '+0', ['UTC', 'Europe/London']],
    ['offset text as written in the list', 'gmt+09', ['Asia/Tokyo']],
    ['no match', 'atlantis', []],
  ])('%s', (_name, query, expected) => {
    expect(found(query)).toEqual(expected);
  });

  test('a renamed zone listed under its old name is found by its new name and aliases', () => {
    // Browsers list some zones under the old name: Asia/Calcutta, Asia/Saigon.
    const old = ['Asia/Calcutta', 'Asia/Saigon'].map((zone) => zoneOption(zone, JANUARY));
    const value = (query: string) => filterZones(old, query).map((o) => o.value);
    expect(value('kolkata')).toEqual(['Asia/Calcutta']);
    expect(value('mumbai')).toEqual(['Asia/Calcutta']);
    expect(value('ho chi minh')).toEqual(['Asia/Saigon']);
    // It reads by its current name; the value stays the browser's.
    expect(old[0]).toMatchObject({ value: 'Asia/Calcutta', city: 'Kolkata' });
    expect(old[0]!.label).toBe('(GMT+05:30) Asia/Kolkata');
  });

  test('a city starting with the text comes before a zone where only another word does', () => {
    // Auckland's city starts with "au"; Adelaide only through "Australia", so it comes second
    // although it is earlier in the list.
    expect(found('au')).toEqual(['Pacific/Auckland', 'Australia/Adelaide']);
  });
});
