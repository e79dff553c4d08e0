/** Test set-up: `findBy…` and `waitFor` wait up to 5 s (the default 1 s fails on a loaded machine). */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });

// Tests render room parts without the route that brings the room's texts: they are added here.
import './features/room/room-texts';
