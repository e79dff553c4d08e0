/** A native select of every IANA zone, each shown with its current GMT offset. */
import { useMemo, type SelectHTMLAttributes } from 'react';
import { gmtOffset, timezones } from '@meet/shared';

let cached: { value: string; label: string }[] | null = null;

/** Offsets are read once per page load: they only move at DST changes. */
function zoneOptions() {
  if (!cached) {
    const now = Date.now();
    cached = timezones().map((zone) => ({
      value: zone,
      label: `(${gmtOffset(zone, now)}) ${zone.replace(/_/g, ' ')}`,
    }));
  }
  return cached;
}

export function TimezoneSelect({
  value,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { value: string }) {
  const options = useMemo(() => {
    const all = zoneOptions();
    // A zone the list lacks (an alias such as Asia/Calcutta) still shows as chosen.
    return all.some((o) => o.value === value) ? all : [{ value, label: value }, ...all];
  }, [value]);
  return (
    <select value={value} {...rest}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
