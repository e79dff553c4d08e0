/** Material-style icons of the chat (inline SVG, like ui/icons.tsx). */
import { icon } from '../../ui/icons';

export const SendIcon = icon('M2.01 21 23 12 2.01 3 2 10l15 2-15 2z');
