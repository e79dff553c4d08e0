import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import '../../i18n/i18n';
import { joined, renderInRoom } from '../captions/captions-fixtures';
import { ControlsTab } from './ControlsTab';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the controls tab', () => {
  test('holds the host’s caption controls', () => {
    const { captions } = renderInRoom(<ControlsTab />, { host: true });
    joined(captions);
    expect(screen.getByRole('heading', { name: 'Captions' })).toBeTruthy();
    expect(screen.getByTestId('allow-translation')).toBeTruthy();
  });
});
