import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import type { ScanInfoPayload } from '@meet/shared';
import '../../i18n/i18n';
import { signInApi } from '../../api/sign-in-api';
import { ScanApproval } from './ScanApproval';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const asked: ScanInfoPayload = {
  scanId: 'scan1',
  deviceName: 'Chrome · Linux',
  browser: 'Chrome',
  os: 'Linux',
  ip: '203.0.113.7',
  sameNetwork: false,
  signInAs: { userName: 'Ada', email: 'a***@example.com' },
  status: 'scanned',
  createdAt: 0,
  expiresAt: 0,
};

async function show(info: ScanInfoPayload) {
  vi.spyOn(signInApi, 'scanInfo').mockResolvedValue(info);
  render(
    <MemoryRouter initialEntries={['/scan/scan1']}>
      <Routes>
        <Route path="/scan/:scanId" element={<ScanApproval />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.findByTestId('scan-device');
}

test('shows what the server saw of the asking device and the account it would sign in to', async () => {
  expect((await show(asked)).textContent).toBe('Chrome on Linux');
  expect(screen.getByTestId('scan-network').textContent).toBe(
    "From 203.0.113.7: another network than this device's",
  );
  expect(screen.getByTestId('scan-account').textContent).toBe(
    'It will be signed in as Ada (a***@example.com).',
  );
});

test('says when the device is on this network, and when its browser is not recognised', async () => {
  const device = await show({
    ...asked,
    deviceName: '',
    browser: '',
    os: '',
    sameNetwork: true,
    signInAs: { userName: 'Ada', email: '' },
  });
  expect(device.textContent).toBe('A browser this server does not recognise');
  expect(screen.getByTestId('scan-network').textContent).toBe(
    'From 203.0.113.7: this network, the one this device is on',
  );
  expect(screen.getByTestId('scan-account').textContent).toBe('It will be signed in as Ada.');
});
