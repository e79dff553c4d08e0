/** Test set-up: `findBy…` and `waitFor` wait up to 5 s (the default 1 s fails on a loaded machine). */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });

// Tests render room parts without the route that brings the room's texts: they are added here,
// once i18next is initialised (by a test that imports app/i18n).
import './features/room/room-texts';
