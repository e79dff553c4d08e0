/**
 * The time zones as the picker offers them, and how typed text finds one: by city ("new york",
 * "beijing", "上海"), by zone name ("america/"), or by offset ("+8", "GMT-5", "UTC+05:30").
 */
import { gmtOffset, timezones } from '@meet/shared';

export interface ZoneOption {
  /** The IANA name, the picker's value. */
  value: string;
  /** "(GMT+08:00) Asia/Shanghai", as the field shows the chosen zone. */
  label: string;
  /** "Shanghai": the last part of the name. */
  city: string;
  /** "Asia", "America/Argentina"; empty for UTC. */
  region: string;
  /** "GMT+08:00" */
  offset: string;
  offsetMinutes: number;
  /** Lower-case text that typed words are looked up in. */
  search: string;
}

/**
 * Places people type that are not in a zone's name. English and Chinese, for the biggest cities
 * whose zone is named after another one.
 */
const CITY_ALIASES: Record<string, string> = {
  'Asia/Shanghai':
    'beijing shenzhen guangzhou hangzhou chengdu china 北京 上海 深圳 广州 杭州 成都 中国',
  'Asia/Hong_Kong': '香港',
  'Asia/Taipei': '台北',
  'Asia/Tokyo': 'osaka japan 东京 日本',
  'Asia/Seoul': 'korea 首尔 韩国',
  'Asia/Singapore': '新加坡',
  'Asia/Kolkata': 'india mumbai delhi new delhi bangalore bengaluru 印度',
  'Asia/Dubai': '迪拜',
  'Europe/London': 'uk britain 伦敦 英国',
  'Europe/Paris': '巴黎 法国',
  'Europe/Berlin': 'germany munich frankfurt hamburg 柏林 德国',
  'America/New_York': 'washington boston miami atlanta eastern 纽约 华盛顿',
  'America/Chicago': 'dallas houston central 芝加哥',
  'America/Denver': 'mountain 丹佛',
  'America/Los_Angeles': 'san francisco seattle silicon valley pacific 洛杉矶 旧金山 西雅图',
  'Australia/Sydney': '悉尼',
};

/**
 * Zones renamed in the IANA database. Browsers list some under the old name (Asia/Calcutta),
 * so each is also found by the other one's city.
 */
const RENAMED: [string, string][] = [
  ['Asia/Kolkata', 'Asia/Calcutta'],
  ['Asia/Kathmandu', 'Asia/Katmandu'],
  ['Asia/Ho_Chi_Minh', 'Asia/Saigon'],
  ['Asia/Yangon', 'Asia/Rangoon'],
  ['Asia/Dhaka', 'Asia/Dacca'],
  ['Asia/Ulaanbaatar', 'Asia/Ulan_Bator'],
  ['Asia/Thimphu', 'Asia/Thimbu'],
  ['Europe/Kyiv', 'Europe/Kiev'],
  ['America/Nuuk', 'America/Godthab'],
  ['America/Argentina/Buenos_Aires', 'America/Buenos_Aires'],
  ['America/Indiana/Indianapolis', 'America/Indianapolis'],
  ['Atlantic/Faroe', 'Atlantic/Faeroe'],
  ['Pacific/Chuuk', 'Pacific/Truk'],
  ['Pacific/Pohnpei', 'Pacific/Ponape'],
  ['Pacific/Kanton', 'Pacific/Enderbury'],
];
const TWIN = new Map(
  RENAMED.flatMap(([now, old]) => [
    [now, old],
    [old, now],
  ]),
);

/** Other words that find `zone`: its aliases and its other name, under either name. */
function moreWords(zone: string): string {
  const twin = TWIN.get(zone);
  return [CITY_ALIASES[zone], twin, twin && CITY_ALIASES[twin]].filter(Boolean).join(' ');
}

const OFFSET_QUERY = /^(?:gmt|utc)?\s*([+-])\s*(\d{1,2})(?:[:.]?(\d{2}))?$/;

function minutesOf(offset: string): number {
  const match = /([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) return 0;
  const [, sign, hours, minutes] = match;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

/** A zone listed under its old name shows its current one (Asia/Calcutta reads Asia/Kolkata). */
function currentName(zone: string): string {
  return RENAMED.find(([, old]) => old === zone)?.[0] ?? zone;
}

export function zoneOption(zone: string, now: number): ZoneOption {
  const offset = gmtOffset(zone, now);
  const readable = currentName(zone).replace(/_/g, ' ');
  const cut = readable.lastIndexOf('/');
  return {
    value: zone,
    label: `(${offset}) ${readable}`,
    city: readable.slice(cut + 1),
    region: cut < 0 ? '' : readable.slice(0, cut),
    offset,
    offsetMinutes: minutesOf(offset),
    search: `${readable} ${offset} ${moreWords(zone).replace(/_/g, ' ')}`.toLowerCase(),
  };
}

let cached: ZoneOption[] | null = null;

/** Every zone the browser knows. Offsets are read once per page load: they only move at DST. */
export function zoneOptions(): ZoneOption[] {
  if (!cached) {
    const now = Date.now();
    cached = timezones().map((zone) => zoneOption(zone, now));
  }
  return cached;
}

/** The list with `value` in it: a zone the list lacks (an alias such as Asia/Calcutta) still shows. */
export function withZone(options: ZoneOption[], value: string): ZoneOption[] {
  if (options.some((o) => o.value === value)) return options;
  return [zoneOption(value, Date.now()), ...options];
}

function normalize(query: string): string {
  return query
    .toLowerCase()
    .replace(/_/g, ' ')
    .replace(/\u2212/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** How well an option answers text: its city starts with it, a word of its name does, or it is inside. */
function rank(option: ZoneOption, text: string): number {
  if (option.city.toLowerCase().startsWith(text)) return 0;
  if (option.search.split(/[\s/]/).some((word) => word.startsWith(text))) return 1;
  return 2;
}

/** The options that match typed text, best first; everything for empty text. */
export function filterZones(options: ZoneOption[], query: string): ZoneOption[] {
  const text = normalize(query);
  if (!text) return options;
  const offset = OFFSET_QUERY.exec(text);
  if (offset) {
    const [, sign, hours, minutes] = offset;
    const wanted = Number(hours) * 60 + Number(minutes ?? 0);
    const signed = sign === '-' ? -wanted : wanted;
    return options.filter((o) =>
      minutes === undefined
        ? // "+5" finds +05:00, +05:30 and +05:45: the hour people know.
          Math.trunc(o.offsetMinutes / 60) === Math.trunc(signed / 60) &&
          (o.offsetMinutes === 0 || Math.sign(o.offsetMinutes) === Math.sign(signed || 1))
        : o.offsetMinutes === signed,
    );
  }
  const words = text.split(' ');
  return options
    .map((option, index) => ({ option, index }))
    .filter(({ option }) => words.every((word) => option.search.includes(word)))
    .sort((a, b) => rank(a.option, text) - rank(b.option, text) || a.index - b.index)
    .map(({ option }) => option);
}
