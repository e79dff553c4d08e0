/**
 * The live room's English texts (`room.*`), part of the room's chunk rather than the entry:
 * RoomScreen (the pre-join screen and the room) imports it first, so the texts are in before the
 * first render.
 * Chinese has them in its own chunk with the other catalogues (i18n/zh.ts).
 */
import i18n from '../../i18n/i18n';
import roomEn from '../../i18n/locales/room.en.json';

i18n.addTexts('en', { room: roomEn });
