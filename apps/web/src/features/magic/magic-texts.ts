/**
 * Magic Cam's English texts (`magic.*`), part of the chunks that show Magic Cam (its page, and
 * the room's Magic Cam tab through MagicCatalogue) rather than the entry: each imports this first,
 * so the texts are in before the first render. Chinese has them in its own chunk with the other
 * catalogues (i18n/zh.ts).
 */
import i18next from 'i18next';
import magicEn from '../../i18n/locales/magic.en.json';

const add = () => i18next.addResourceBundle('en', 'translation', { magic: magicEn }, true, false);
// The entry initialises i18next first; a test may import a magic part before it does.
if (i18next.store) add();
else i18next.on('initialized', add);
