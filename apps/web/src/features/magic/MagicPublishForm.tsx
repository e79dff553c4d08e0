/**
 * The publish form beside the preview: the style's name, the prompt it keeps (the one in use),
 * an optional cover snapshot of the preview, then Publish or Save to favourites. Test hooks:
 * magic-publish-name, magic-cover-snapshot, magic-cover-preview, magic-cover-remove,
 * magic-publish, magic-save-favorite, magic-publish-error.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { MAGIC_NAME_MAX } from '@meet/shared';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useMagicPublishForm, type PublishFormProps } from './useMagicPublishForm';

export function MagicPublishForm(props: PublishFormProps) {
  const { t } = useTranslation();
  const f = useMagicPublishForm(props);
  const message = f.error ?? f.problem;
  return (
    <form
      className="magic-publish"
      aria-labelledby="magic-publish-title"
      onSubmit={(event) => {
        event.preventDefault();
        f.publish();
      }}
    >
      <h3 id="magic-publish-title" className="magic-section-title">
        {t('magic.publish.title')}
      </h3>
      <TextField
        label={t('magic.publish.name')}
        value={f.name}
        limit={MAGIC_NAME_MAX}
        placeholder={t('magic.publish.namePlaceholder')}
        data-testid="magic-publish-name"
        onChange={(event) => f.setName(event.target.value)}
      />
      <p className="magic-hint">
        {props.prompt.trim()
          ? t('magic.publish.promptKept', { prompt: props.prompt.trim() })
          : t('magic.publish.promptMissing')}
      </p>
      <div className="magic-cover">
        {f.coverUrl ? (
          <img
            className="magic-cover__image"
            src={f.coverUrl}
            alt={t('magic.publish.coverAlt')}
            data-testid="magic-cover-preview"
          />
        ) : (
          <div className="magic-cover__image magic-cover__image--none">
            {t('magic.publish.noCover')}
          </div>
        )}
        <div className="magic-cover__actions">
          <Button
            size="small"
            variant="secondary"
            data-testid="magic-cover-snapshot"
            disabled={!f.canSnapshot}
            onClick={() => void f.snapshot()}
          >
            {t(f.coverUrl ? 'magic.publish.retake' : 'magic.publish.snapshot')}
          </Button>
          {f.coverUrl && (
            <Button
              size="small"
              variant="text"
              data-testid="magic-cover-remove"
              onClick={f.removeCover}
            >
              {t('magic.publish.removeCover')}
            </Button>
          )}
        </div>
      </div>
      {message && (
        <p className="magic-error" role="alert" data-testid="magic-publish-error">
          {message}
        </p>
      )}
      <div className="magic-publish__actions">
        <Button
          type="submit"
          data-testid="magic-publish"
          disabled={!f.canSend}
          loading={f.sending === 'publish'}
        >
          {t('magic.publish.publish')}
        </Button>
        <Button
          variant="secondary"
          data-testid="magic-save-favorite"
          disabled={!f.canSend}
          loading={f.sending === 'favorite'}
          onClick={f.favorite}
        >
          {t('magic.publish.favorite')}
        </Button>
      </div>
    </form>
  );
}
