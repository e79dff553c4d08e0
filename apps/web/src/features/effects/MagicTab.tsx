/**
 * The effects dialog's Magic Cam tab: a prompt, Start (Apply while on) and Stop, the status, the
 * engine that runs named in words, what a minute costs (the in-browser looks: nothing, said in
 * words) and the credits left, why it stopped,
 * and the catalogue of styles (picking one fills the prompt and starts). `useMagicCam` holds the
 * behaviour. Test hooks: magic-panel, magic-prompt, magic-start, magic-stop, magic-status,
 * magic-engine, magic-credits, magic-balance, magic-message.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { MAGIC_PROMPT_MAX, MAGIC_STATUS, type MagicStatus } from '@meet/shared';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { MagicCatalogue } from '../magic/MagicCatalogue';
import { magicCostText } from '../magic/magic-price';
import type { MagicCam } from '../../room-client/magic/magic-cam';
import { useMagicCam, useMeetingMagicCam } from './useMagicCam';

const STATUS_WORDS = {
  [MAGIC_STATUS.off]: 'room.magic.statusOff',
  [MAGIC_STATUS.launching]: 'room.magic.statusLaunching',
  [MAGIC_STATUS.streaming]: 'room.magic.statusOn',
} as const satisfies Record<MagicStatus, string>;

const ENGINE_NAMES = {
  webgl: 'room.magic.engineWebgl',
  stream: 'room.magic.engineStream',
} as const;

export function MagicTab({ onStarted }: { onStarted: () => void }) {
  // Magic Cam's code comes the first time the tab opens (a moment; the panel waits for it).
  const magic = useMeetingMagicCam(true);
  if (!magic) return <div className="magic-cam" aria-busy="true" />;
  return <MagicPanel magic={magic} onStarted={onStarted} />;
}

function MagicPanel({ magic, onStarted }: { magic: MagicCam; onStarted: () => void }) {
  const { t } = useTranslation();
  const m = useMagicCam(magic, onStarted);
  const on = m.status !== MAGIC_STATUS.off;
  return (
    <div className="magic-cam" data-testid="magic-panel">
      {/* AI honesty: the engine that runs, in words; the in-browser one is no AI model. */}
      <p className="effects-engine" data-testid="magic-engine">
        {m.engine ? t(ENGINE_NAMES[m.engine]) : t('room.magic.engineUnknown')}
      </p>
      <form
        className="magic-cam__form"
        onSubmit={(e) => {
          e.preventDefault();
          m.start();
        }}
      >
        <TextField
          label={t('room.magic.prompt')}
          placeholder={t('room.magic.promptPlaceholder')}
          value={m.prompt}
          maxLength={MAGIC_PROMPT_MAX}
          data-testid="magic-prompt"
          hint={m.engine === 'stream' ? undefined : t('room.magic.words')}
          onChange={(e) => m.setPrompt(e.target.value)}
        />
        <div className="magic-cam__actions">
          <Button type="submit" data-testid="magic-start" loading={m.busy}>
            {on ? t('room.magic.apply') : t('room.magic.start')}
          </Button>
          <Button variant="secondary" data-testid="magic-stop" disabled={!on} onClick={m.stop}>
            {t('room.magic.stop')}
          </Button>
        </div>
      </form>
      <p className="magic-cam__status" role="status" aria-live="polite">
        {t('room.magic.statusLabel')}{' '}
        <strong data-testid="magic-status" className={on ? 'magic-cam__on' : undefined}>
          {t(STATUS_WORDS[m.status])}
        </strong>
      </p>
      {m.message && (
        <p className="magic-cam__message" role="alert" data-testid="magic-message">
          {m.message}
        </p>
      )}
      <p className="effects-note" data-testid="magic-credits">
        {magicCostText(t, { engine: m.engine, perMinute: m.creditsPerMinute })}
        {m.balance !== null && (
          <>
            {' '}
            <span data-testid="magic-balance">
              {t('room.magic.balance', { balance: m.balance })}
            </span>
          </>
        )}
      </p>
      <MagicCatalogue onUse={m.use} />
    </div>
  );
}
