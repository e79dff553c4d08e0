/**
 * A searchable picker of every IANA zone: a text field (role combobox) that filters a list of
 * zones by city, zone name or offset, with the arrows, Enter and Escape. `useTimezoneCombobox`
 * holds the behaviour. Test hooks: the combobox itself, `input[name=<name>]` (the value) and
 * the options (role option).
 */
import { useTranslation } from '../../i18n/useTranslation';
import { ExpandIcon } from '../../ui/icons';
import { useTimezoneCombobox } from './useTimezoneCombobox';

export interface TimezonePickerProps {
  value: string;
  onChange(zone: string): void;
  /** The form field that carries the value. */
  name: string;
  /** For a `<label htmlFor>` outside. */
  id?: string;
  className?: string;
}

export function TimezonePicker({ value, onChange, name, id, className }: TimezonePickerProps) {
  const { t } = useTranslation();
  const box = useTimezoneCombobox({ value, onChange, id });
  return (
    <div className={['zone-picker', className].filter(Boolean).join(' ')}>
      <input type="hidden" name={name} value={value} />
      <input className="field__input zone-picker__input" {...box.inputProps} />
      <button
        className="zone-picker__toggle"
        aria-label={t('meetings.timezoneShowAll')}
        {...box.toggleProps}
      >
        <ExpandIcon size={20} />
      </button>
      {box.open && (
        <div className="zone-picker__popup" {...box.popupProps}>
          <ul
            id={box.listId}
            className="zone-picker__list"
            role="listbox"
            aria-label={t('meetings.timezone')}
          >
            {box.matches.map((option, index) => (
              <li
                key={option.value}
                className={index === box.active ? 'zone-option zone-option--active' : 'zone-option'}
                aria-label={option.label}
                {...box.optionProps(option, index)}
              >
                <span className="zone-option__city">{option.city}</span>
                {option.region && <span className="zone-option__region">{option.region}</span>}
                <span className="zone-option__offset">{option.offset}</span>
              </li>
            ))}
          </ul>
          {box.matches.length === 0 && (
            <p className="zone-picker__none">
              {t('meetings.timezoneNoMatch', { query: box.query ?? '' })}
            </p>
          )}
        </div>
      )}
      {/* Says how many zones the typed text leaves, as sighted people see the list shrink. */}
      <span className="visually-hidden" aria-live="polite">
        {box.open && box.query !== null
          ? t('meetings.timezoneCount', { count: box.matches.length })
          : ''}
      </span>
    </div>
  );
}
