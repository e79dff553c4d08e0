/**
 * The time and date in the zone Home shows meetings in, so the zone picker beside it says what
 * it means ("14:05, Tuesday, November 25"). Ticks at each new minute.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { toZoned } from '@meet/shared';

const MINUTE_MS = 60_000;

function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      // A little past the minute, so the new minute has surely begun.
      timer = setTimeout(
        () => {
          setNow(Date.now());
          arm();
        },
        MINUTE_MS - (Date.now() % MINUTE_MS) + 50,
      );
    };
    arm();
    return () => clearTimeout(timer);
  }, []);
  return now;
}

export function ZoneClock({ timezone }: { timezone: string }) {
  const { i18n } = useTranslation();
  const now = useMinuteClock();
  const locale = i18n.language === 'zh' ? 'zh-CN' : 'en-US';
  const date = new Intl.DateTimeFormat(locale, {
    timeZone: timezone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(now);
  return (
    <div className="zone-clock" data-testid="zone-clock">
      <time className="zone-clock__time" dateTime={new Date(now).toISOString()}>
        {toZoned(now, timezone).time}
      </time>
      <span className="zone-clock__date">{date}</span>
    </div>
  );
}
