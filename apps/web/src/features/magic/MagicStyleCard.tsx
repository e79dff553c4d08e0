/**
 * One style in the catalogue: its cover (or a placeholder of its name's colour and initials —
 * never an invented preview), name, prompt, popularity and author, then what can be done with
 * it: Use, favourite, subscribe (others' published styles), and for my own styles the publish
 * status in words with the actions that fit it.
 */
import { useTranslation } from '../../i18n/useTranslation';
import type { MagicStyle } from '@meet/shared';
import { Button } from '../../ui/Button';
import { StarIcon } from '../../ui/icons';
import { authorActions, canSubscribe, placeholderOf, statusWord } from './magic-style-view';
import type { MagicCatalogueState } from './useMagicCatalogue';

function Cover({ style }: { style: MagicStyle }) {
  if (style.cover)
    return (
      <img
        className="magic-card__cover"
        src={style.cover}
        alt=""
        loading="lazy"
        draggable={false}
        data-testid={`magic-cover-${style.id}`}
      />
    );
  const { hue, initials } = placeholderOf(style.name);
  return (
    <div
      className="magic-card__cover magic-card__cover--placeholder"
      style={{ '--magic-hue': hue } as React.CSSProperties}
      aria-hidden="true"
    >
      {initials}
    </div>
  );
}

export function MagicStyleCard({
  style,
  catalogue: c,
  onUse,
}: {
  style: MagicStyle;
  catalogue: MagicCatalogueState;
  onUse: (style: MagicStyle) => void;
}) {
  const { t } = useTranslation();
  const busy = c.busy.has(style.id);
  const word = statusWord(style.status);
  const id = style.id;
  return (
    <li className="magic-card" data-testid={`magic-style-${id}`} aria-busy={busy || undefined}>
      <Cover style={style} />
      <div className="magic-card__body">
        <div className="magic-card__title">
          <h3 className="magic-card__name">{style.name}</h3>
          <button
            type="button"
            className={`magic-card__star${style.favorite ? ' magic-card__star--on' : ''}`}
            data-testid={`magic-favorite-${id}`}
            aria-pressed={style.favorite}
            aria-label={t(style.favorite ? 'magic.card.unfavorite' : 'magic.card.favorite')}
            title={t(style.favorite ? 'magic.card.unfavorite' : 'magic.card.favorite')}
            disabled={busy}
            onClick={() => void c.toggleFavorite(style)}
          >
            <StarIcon size={18} />
          </button>
        </div>
        <p className="magic-card__prompt" title={style.prompt}>
          {style.prompt}
        </p>
        <div className="magic-card__meta">
          <span data-testid={`magic-hot-${id}`} title={t('magic.card.hotHint')}>
            {t('magic.card.hot', { count: style.hot })}
          </span>
          {style.creatorName && !style.mine && (
            <span className="magic-card__author">
              {t('magic.card.by', { name: style.creatorName })}
            </span>
          )}
        </div>
        {style.mine && (
          <div
            className={`magic-card__status magic-card__status--${word}`}
            data-testid={`magic-publish-status-${id}`}
            role="status"
          >
            {word === 'publishing' && <span className="btn__spinner" aria-hidden="true" />}
            {t(`magic.status.${word}`)}
          </div>
        )}
        <div className="magic-card__actions">
          <Button size="small" data-testid={`magic-use-${id}`} onClick={() => onUse(style)}>
            {t('magic.card.use')}
          </Button>
          {canSubscribe(style) && (
            <Button
              size="small"
              variant="secondary"
              data-testid={`magic-subscribe-${id}`}
              aria-pressed={style.subscribed}
              disabled={busy}
              onClick={() => void c.toggleSubscribe(style)}
            >
              {t(style.subscribed ? 'magic.card.unsubscribe' : 'magic.card.subscribe')}
            </Button>
          )}
          {style.mine &&
            authorActions(style.status).map((action) => (
              <Button
                key={action}
                size="small"
                variant="text"
                className={action === 'delete' ? 'magic-card__delete' : undefined}
                data-testid={`magic-${action}-${id}`}
                disabled={busy}
                onClick={() => void (action === 'delete' ? c.askDelete(style) : c[action](style))}
              >
                {t(`magic.actions.${action}`)}
              </Button>
            ))}
        </div>
      </div>
    </li>
  );
}
