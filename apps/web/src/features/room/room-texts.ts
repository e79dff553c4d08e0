/**
 * The live room's English texts (`room.*`), part of the room's chunk rather than the entry:
 * RoomScreen (the pre-join screen and the room) imports it first, so the texts are in before the
 * first render.
 * Chinese has them in its own chunk with the other catalogues (i18n/zh.ts).
 */
import i18next from 'i18next';
import roomEn from '../../i18n/locales/room.en.json';

const add = () => i18next.addResourceBundle('en', 'translation', { room: roomEn }, true, false);
// The entry initialises i18next first; a test may import a room part before it does.
if (i18next.store) add();
else i18next.on('initialized', add);
