/**
 * The celebrity names editor: my names as chips (pressing one puts "in the style of <name>" into
 * the prompt; × removes it) and a field to add one. Test hooks: magic-famous-name-<name>,
 * magic-famous-remove-<name>, magic-famous-input, magic-famous-add.
 */
import { useId } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { MAGIC_NAME_MAX } from '@meet/shared';
import { Button } from '../../ui/Button';
import { lengthLimit } from '../../ui/length-limit';
import { useFamousNamesEditor } from './useFamousNames';

export function FamousNames({ onInsert }: { onInsert: (name: string) => void }) {
  const { t } = useTranslation();
  const e = useFamousNamesEditor();
  const inputId = useId();
  const length = lengthLimit(e.draft, MAGIC_NAME_MAX);
  return (
    <section className="magic-famous" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className="magic-section-title">
        {t('magic.famous.title')}
      </h3>
      <p className="magic-hint">{t('magic.famous.hint')}</p>
      {e.names.length > 0 ? (
        <ul className="magic-famous__list">
          {e.names.map((name) => (
            <li key={name} className="magic-chip">
              <button
                type="button"
                className="magic-chip__insert"
                data-testid={`magic-famous-name-${name}`}
                title={t('magic.famous.insert', { name })}
                onClick={() => onInsert(name)}
              >
                {name}
              </button>
              <button
                type="button"
                className="magic-chip__remove"
                data-testid={`magic-famous-remove-${name}`}
                aria-label={t('magic.famous.remove', { name })}
                title={t('magic.famous.remove', { name })}
                disabled={e.saving}
                onClick={() => e.remove(name)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        !e.loading && <p className="magic-hint">{t('magic.famous.empty')}</p>
      )}
      <form
        className="magic-famous__add"
        onSubmit={(event) => {
          event.preventDefault();
          void e.add();
        }}
      >
        <label className="visually-hidden" htmlFor={inputId}>
          {t('magic.famous.label')}
        </label>
        <input
          id={inputId}
          className="field__input magic-famous__input"
          data-testid="magic-famous-input"
          value={e.draft}
          placeholder={t('magic.famous.placeholder')}
          aria-invalid={!!e.problem || undefined}
          aria-describedby={e.problem ? `${inputId}-problem` : undefined}
          onChange={(event) => e.setDraft(event.target.value)}
        />
        <Button
          type="submit"
          size="small"
          variant="secondary"
          data-testid="magic-famous-add"
          disabled={!e.canAdd}
          loading={e.saving}
        >
          {t('magic.famous.add')}
        </Button>
      </form>
      {e.problem && (
        <p id={`${inputId}-problem`} className="magic-error" role="alert">
          {t(`magic.famous.problem.${e.problem}`, { count: length.count, max: MAGIC_NAME_MAX })}
        </p>
      )}
    </section>
  );
}
