/**
 * The effects dialog's Avatar tab: None (my camera) and the characters that ship, each with its
 * picture and name, and the engine named. Test hooks: avatar-engine, avatar-none, avatar-<id>
 * (aria-pressed when chosen), avatar-list-error.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { Choice } from './EffectChoice';
import type { useAvatar } from './useAvatar';

export function AvatarPanel({ avatar }: { avatar: ReturnType<typeof useAvatar> }) {
  const { t } = useTranslation();
  const { characters, chosen, choose, listError } = avatar;
  return (
    <div className="avatar-panel">
      {/* AI honesty: which model follows the face, that it runs in the browser, what is sent. */}
      <p className="effects-engine" data-testid="avatar-engine">
        {t('room.avatar.engine')}
      </p>
      <div
        className="effects-grid"
        role="group"
        aria-label={t('room.avatar.characters')}
        aria-busy={!characters}
      >
        <div className="effects-tile">
          <Choice
            testId="avatar-none"
            label={`${t('room.avatar.none')} (${t('room.avatar.noneHint')})`}
            chosen={chosen === null}
            onChoose={() => choose(null)}
            className="effects-choice--word"
          >
            <span aria-hidden>⊘</span>
            <span>{t('room.avatar.none')}</span>
          </Choice>
        </div>
        {characters?.map((person) => (
          <div key={person.id} className="effects-tile">
            <Choice
              testId={`avatar-${person.id}`}
              label={person.name}
              chosen={chosen === person.id}
              onChoose={() => choose(person.id)}
              className="avatar-choice"
            >
              <img src={person.preview} alt="" draggable={false} />
              <span className="avatar-choice__name">{person.name}</span>
            </Choice>
          </div>
        ))}
      </div>
      {listError && (
        <p className="effects-note" role="status" data-testid="avatar-list-error">
          {listError}
        </p>
      )}
      <p className="effects-note">{t('room.avatar.note')}</p>
    </div>
  );
}
