/** Wall-clock dates and times in a zone, as a person there reads their calendar, and back. */
const HOUR_MS = 60 * 60 * 1000;

/** YYYY-MM-DD and HH:mm of an instant in a zone. */
export function zoned(ms: number, timeZone: string) {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone }).format(ms);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
  return { date, time };
}

/** The instant a wall-clock date and time in a zone is (the zone's offset found by trying). */
export function instantOf(date: string, time: string, timeZone: string): number {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  for (let offsetHours = -14; offsetHours <= 14; offsetHours++) {
    const candidate = asUtc - offsetHours * HOUR_MS;
    const seen = zoned(candidate, timeZone);
    if (seen.date === date && seen.time === time) return candidate;
  }
  throw new Error(`${date} ${time} does not exist in ${timeZone}`);
}
