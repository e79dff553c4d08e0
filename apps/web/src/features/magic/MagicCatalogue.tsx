/**
 * Magic Cam's style catalogue (issue 15), shown on the Magic Cam page and in the room's Magic
 * Cam tab: four tabs — Hot (the community's published styles, the default), Templates (the
 * product's), My styles (with their publish status) and Favourites — each a list of cards with
 * "more" paging. `onUse` gets the style whose Use was pressed. Behaviour in useMagicCatalogue.
 * Test hooks: magic-catalogue, magic-tab-hot|templates|mine|favorites, magic-style-<id>,
 * magic-use-<id>, magic-favorite-<id>, magic-subscribe-<id>, magic-publish-status-<id>,
 * magic-retry-<id>, magic-cancel-<id>, magic-republish-<id>, magic-delete-<id>, magic-more.
 */
import './magic-texts';
import type { KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { MagicStyle } from '@meet/shared';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { MAGIC_TABS, type MagicTab } from './magic-queries';
import { MagicStyleCard } from './MagicStyleCard';
import { useMagicCatalogue } from './useMagicCatalogue';
import './magic.css';

const TAB_IDS: Record<MagicTab, string> = {
  hot: 'magic-tab-hot',
  templates: 'magic-tab-templates',
  mine: 'magic-tab-mine',
  favorites: 'magic-tab-favorites',
};

export function MagicCatalogue({ onUse }: { onUse: (style: MagicStyle) => void }) {
  const { t } = useTranslation();
  const c = useMagicCatalogue();
  // Arrow keys move between tabs, as in any tab list.
  const onTabKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = MAGIC_TABS[(MAGIC_TABS.indexOf(c.tab) + step + MAGIC_TABS.length) % 4]!;
    c.select(next);
    document.getElementById(TAB_IDS[next])?.focus();
  };

  return (
    <section
      className="magic-catalogue"
      data-testid="magic-catalogue"
      aria-label={t('magic.catalogue.label')}
    >
      <div className="magic-tabs" role="tablist" onKeyDown={onTabKey}>
        {MAGIC_TABS.map((tab) => (
          <button
            key={tab}
            id={TAB_IDS[tab]}
            type="button"
            role="tab"
            aria-selected={c.tab === tab}
            aria-controls="magic-tabpanel"
            tabIndex={c.tab === tab ? 0 : -1}
            data-testid={TAB_IDS[tab]}
            className={`magic-tab${c.tab === tab ? ' magic-tab--active' : ''}`}
            onClick={() => c.select(tab)}
          >
            {t(`magic.tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div
        id="magic-tabpanel"
        className="magic-panel"
        role="tabpanel"
        aria-labelledby={TAB_IDS[c.tab]}
        aria-busy={c.loading}
      >
        {c.loading ? (
          <p className="magic-panel__note">{t('common.loading')}</p>
        ) : c.failed ? (
          <div className="magic-panel__note" role="alert">
            <p>{t('magic.catalogue.failed')}</p>
            <Button size="small" variant="secondary" onClick={c.reload}>
              {t('magic.catalogue.retry')}
            </Button>
          </div>
        ) : c.styles.length === 0 ? (
          <div className="magic-panel__note" data-testid="magic-empty">
            <p className="magic-panel__empty">{t(`magic.catalogue.empty.${c.tab}`)}</p>
            <p>{t(`magic.catalogue.emptyHint.${c.tab}`)}</p>
          </div>
        ) : (
          <>
            <ul className="magic-grid">
              {c.styles.map((style) => (
                <MagicStyleCard key={style.id} style={style} catalogue={c} onUse={onUse} />
              ))}
            </ul>
            {c.hasMore && (
              <div className="magic-panel__more">
                <Button
                  size="small"
                  variant="secondary"
                  data-testid="magic-more"
                  loading={c.loadingMore}
                  onClick={c.loadMore}
                >
                  {t('magic.catalogue.more')}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
      {c.toDelete && (
        <ConfirmDialog
          title={t('magic.deleteConfirm.title')}
          confirmLabel={t('magic.deleteConfirm.confirm')}
          cancelLabel={t('common.cancel')}
          closeLabel={t('common.close')}
          danger
          busy={c.deleting}
          onConfirm={c.confirmDelete}
          onClose={c.closeDelete}
        >
          {t('magic.deleteConfirm.body', { name: c.toDelete.name })}
        </ConfirmDialog>
      )}
    </section>
  );
}
