/**
 * Magic Cam's English texts (`magic.*`), part of the chunks that show Magic Cam (its page, and
 * the room's Magic Cam tab through MagicCatalogue) rather than the entry: each imports this first,
 * so the texts are in before the first render. Chinese has them in its own chunk with the other
 * catalogues (i18n/zh.ts).
 */
import i18n from '../../i18n/i18n';
import magicEn from '../../i18n/locales/magic.en.json';

i18n.addTexts('en', { magic: magicEn });
